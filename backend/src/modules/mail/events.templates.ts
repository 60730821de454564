import type { RenderedMail } from './mail.templates';

/** Emails about events: RSVP answers, waitlist seats, cancellations and ticket receipts. */
export interface EventsMailTemplates {
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

type Compose = (subject: string, paragraphs: string[]) => RenderedMail;

export function eventsRenderers(compose: Compose): {
  [T in keyof EventsMailTemplates]: (payload: EventsMailTemplates[T]) => RenderedMail;
} {
  return {
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
}
