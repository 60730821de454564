import { AccountMailTemplates, accountRenderers } from './account.templates';
import { DirectoryMailTemplates, directoryRenderers } from './directory.templates';
import { EventsMailTemplates, eventsRenderers } from './events.templates';

/** The emails the platform sends: each template turns its payload into a subject and bodies. */
export interface MailTemplates
  extends DirectoryMailTemplates, EventsMailTemplates, AccountMailTemplates {
  welcome: { name: string; siteUrl: string };
  contactMessage: {
    name: string;
    email: string;
    subject: string;
    message: string;
    adminUrl: string;
  };
  enrollmentDecision: {
    name: string;
    courseName: string;
    /** approved | rejected | enrolled | completed */
    status: string;
    rejectionReason: string | null;
    tutorialsUrl: string;
  };
}

export type MailTemplate = keyof MailTemplates;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (a contact message's author). */
  replyTo?: string;
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

/** What each decision on an enrollment tells the student. */
const ENROLLMENT_DECISIONS: Record<string, (courseName: string) => string> = {
  approved: (course) =>
    `Your enrollment in ${course} is approved. We will send you the payment details and the schedule shortly.`,
  rejected: (course) => `We are sorry: your enrollment in ${course} was not approved.`,
  enrolled: (course) => `You are now enrolled in ${course}. Welcome to the class!`,
  completed: (course) => `Congratulations on completing ${course}!`,
};

const renderers: { [T in MailTemplate]: (payload: MailTemplates[T]) => RenderedMail } = {
  welcome: ({ name, siteUrl }) =>
    compose('Welcome to the community', [
      `Hello ${name},`,
      'Welcome to our community of Ethiopian professionals abroad: business, events, learning.',
      `Find upcoming events, news and member businesses at ${siteUrl}.`,
    ]),
  ...eventsRenderers(compose),
  ...directoryRenderers(compose),
  ...accountRenderers(compose),
  contactMessage: ({ name, email, subject, message, adminUrl }) => ({
    ...compose(`Contact form: ${subject}`, [
      `${name} <${email}> sent a message through the contact form.`,
      `Subject: ${subject}`,
      message,
      `Reply to this email to answer ${name}. All messages: ${adminUrl}`,
    ]),
    replyTo: email,
  }),
  enrollmentDecision: ({ name, courseName, status, rejectionReason, tutorialsUrl }) =>
    compose(`Your enrollment: ${courseName}`, [
      `Hello ${name},`,
      ENROLLMENT_DECISIONS[status]?.(courseName) ??
        `The status of your enrollment in ${courseName} is now: ${status}.`,
      ...(status === 'rejected' && rejectionReason ? [`Reason: ${rejectionReason}`] : []),
      `Your enrollments: ${tutorialsUrl}`,
    ]),
};

export function renderMail<T extends MailTemplate>(template: T, payload: MailTemplates[T]) {
  return renderers[template](payload);
}
