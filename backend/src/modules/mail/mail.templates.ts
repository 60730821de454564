/** The emails the platform sends: each template turns its payload into a subject and bodies. */
export interface MailTemplates {
  welcome: { name: string; siteUrl: string };
  rsvpConfirmation: {
    name: string;
    eventTitle: string;
    status: string;
    when: string;
    venue: string;
    eventUrl: string;
  };
  waitlistPromotion: {
    name: string;
    eventTitle: string;
    when: string;
    venue: string;
    eventUrl: string;
  };
  eventCancelled: {
    name: string;
    eventTitle: string;
    when: string;
    refunded: boolean;
  };
  ticketReceipt: {
    name: string;
    eventTitle: string;
    ticketType: string;
    amount: string;
    when: string;
    eventUrl: string;
  };
}

export type MailTemplate = keyof MailTemplates;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs of plain text become both the text body and a simple, escaped HTML body. */
function compose(subject: string, paragraphs: string[]): RenderedMail {
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

const renderers: { [T in MailTemplate]: (payload: MailTemplates[T]) => RenderedMail } = {
  welcome: ({ name, siteUrl }) =>
    compose('Welcome to the community', [
      `Hello ${name},`,
      'Welcome to our community of Ethiopian professionals abroad: business, events, learning.',
      `Find upcoming events, news and member businesses at ${siteUrl}.`,
    ]),
  rsvpConfirmation: ({ name, eventTitle, status, when, venue, eventUrl }) =>
    compose(`Your RSVP: ${eventTitle}`, [
      `Hello ${name},`,
      status === 'waitlisted'
        ? `${eventTitle} is full, so you are on the waiting list. We will email you if a seat frees up.`
        : `Your answer for ${eventTitle} is recorded: ${status}.`,
      `When: ${when}. Where: ${venue}.`,
      `Details and calendar file: ${eventUrl}`,
    ]),
  waitlistPromotion: ({ name, eventTitle, when, venue, eventUrl }) =>
    compose(`A seat opened up: ${eventTitle}`, [
      `Hello ${name},`,
      `A seat became free at ${eventTitle} and it is yours: you are now going.`,
      `When: ${when}. Where: ${venue}.`,
      `If you can no longer attend, please change your answer so the next person gets the seat: ${eventUrl}`,
    ]),
  eventCancelled: ({ name, eventTitle, when, refunded }) =>
    compose(`Cancelled: ${eventTitle}`, [
      `Hello ${name},`,
      `We are sorry: ${eventTitle} (${when}) has been cancelled.`,
      ...(refunded ? ['Your ticket has been refunded in full to your card.'] : []),
    ]),
  ticketReceipt: ({ name, eventTitle, ticketType, amount, when, eventUrl }) =>
    compose(`Your ticket: ${eventTitle}`, [
      `Hello ${name},`,
      `Thank you for your payment of ${amount} for a ${ticketType} ticket to ${eventTitle}. You are going.`,
      `When: ${when}.`,
      `Details and calendar file: ${eventUrl}`,
    ]),
};

export function renderMail<T extends MailTemplate>(template: T, payload: MailTemplates[T]) {
  return renderers[template](payload);
}
