import { DEFAULT_LANGUAGE, Language } from '../../common/language';
import {
  ACCOUNT_MAIL_SECRET_LINKS,
  AccountMailTemplates,
  accountRenderers,
} from './account.templates';
import { DirectoryMailTemplates, directoryRenderers } from './directory.templates';
import { EventsMailTemplates, eventsRenderers } from './events.templates';
import { localiseWhen } from './event-time';

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

type Renderers = { [T in MailTemplate]: (payload: MailTemplates[T]) => RenderedMail };

/** What each decision on an enrollment tells the student. */
const ENROLLMENT_DECISIONS: Record<Language, Record<string, (courseName: string) => string>> = {
  [Language.EN]: {
    approved: (course) =>
      `Your enrollment in ${course} is approved. We will send you the payment details and the schedule shortly.`,
    rejected: (course) => `We are sorry: your enrollment in ${course} was not approved.`,
    enrolled: (course) => `You are now enrolled in ${course}. Welcome to the class!`,
    completed: (course) => `Congratulations on completing ${course}!`,
  },
  [Language.AM]: {
    approved: (course) => `በ${course} ያደረጉት ምዝገባ ጸድቋል። የክፍያ ዝርዝሩን እና የጊዜ ሰሌዳውን በቅርቡ እንልክልዎታለን።`,
    rejected: (course) => `ይቅርታ፦ በ${course} ያደረጉት ምዝገባ አልጸደቀም።`,
    enrolled: (course) => `አሁን በ${course} ተመዝግበዋል። ወደ ክፍሉ እንኳን በደህና መጡ!`,
    completed: (course) => `${course}ን ስላጠናቀቁ እንኳን ደስ አለዎት!`,
  },
};

const directory = directoryRenderers(compose);
const events = eventsRenderers(compose);
const account = accountRenderers(compose);

const english: Renderers = {
  welcome: ({ name, siteUrl }) =>
    compose('Welcome to the community', [
      `Hello ${name},`,
      'Welcome to our community of Ethiopian professionals abroad: business, events, learning.',
      `Find upcoming events, news and member businesses at ${siteUrl}.`,
    ]),
  ...events[Language.EN],
  ...directory[Language.EN],
  ...account[Language.EN],
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
      ENROLLMENT_DECISIONS[Language.EN][status]?.(courseName) ??
        `The status of your enrollment in ${courseName} is now: ${status}.`,
      ...(status === 'rejected' && rejectionReason ? [`Reason: ${rejectionReason}`] : []),
      `Your enrollments: ${tutorialsUrl}`,
    ]),
};

const amharic: Renderers = {
  welcome: ({ name, siteUrl }) =>
    compose('እንኳን ወደ ማኅበረሰቡ በደህና መጡ', [
      `ሰላም ${name}፣`,
      'በውጭ ሀገር ወደሚኖሩ የኢትዮጵያ ባለሙያዎች ማኅበረሰብ እንኳን በደህና መጡ፦ ንግድ፣ ዝግጅቶች፣ ትምህርት።',
      `መጪ ዝግጅቶችን፣ ዜናዎችን እና የአባላትን ንግዶች በ${siteUrl} ያግኙ።`,
    ]),
  ...events[Language.AM],
  ...directory[Language.AM],
  ...account[Language.AM],
  contactMessage: ({ name, email, subject, message, adminUrl }) => ({
    ...compose(`የመገናኛ ቅጽ፦ ${subject}`, [
      `${name} <${email}> በመገናኛ ቅጹ መልእክት ልኳል።`,
      `ርዕስ፦ ${subject}`,
      message,
      `ለ${name} መልስ ለመስጠት ለዚህ ኢሜይል ምላሽ ይስጡ። ሁሉም መልእክቶች፦ ${adminUrl}`,
    ]),
    replyTo: email,
  }),
  enrollmentDecision: ({ name, courseName, status, rejectionReason, tutorialsUrl }) =>
    compose(`የእርስዎ ምዝገባ፦ ${courseName}`, [
      `ሰላም ${name}፣`,
      ENROLLMENT_DECISIONS[Language.AM][status]?.(courseName) ??
        `በ${courseName} ያለዎት ምዝገባ ሁኔታ አሁን፦ ${status}።`,
      ...(status === 'rejected' && rejectionReason ? [`ምክንያት፦ ${rejectionReason}`] : []),
      `ምዝገባዎችዎ፦ ${tutorialsUrl}`,
    ]),
};

/** Every template in every language: the types refuse a template missing from either. */
const RENDERERS: Record<Language, Renderers> = { [Language.EN]: english, [Language.AM]: amharic };

/** Renders a template in the recipient's language (English when none is known). */
export function renderMail<T extends MailTemplate>(
  template: T,
  payload: MailTemplates[T],
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const renderer = (RENDERERS[language] ?? RENDERERS[DEFAULT_LANGUAGE])[template] as (
    payload: MailTemplates[T],
  ) => RenderedMail;
  return renderer(localiseWhen(payload, language));
}

/** What a copy of an email shows in place of its one-time link. */
export const WITHHELD_LINK = '[one-time link left out of this export]';

/**
 * Renders a stored email for a copy outside the mailbox (the member's data export): a template
 * whose link is a credential gets `WITHHELD_LINK` in its place, so the copy cannot be used as it.
 */
export function renderMailCopy<T extends MailTemplate>(
  template: T,
  payload: MailTemplates[T],
  language: Language = DEFAULT_LANGUAGE,
): { text: string; linkWithheld: boolean } {
  const secret = (ACCOUNT_MAIL_SECRET_LINKS as Partial<Record<MailTemplate, string>>)[template];
  const safe = secret ? { ...payload, [secret]: WITHHELD_LINK } : payload;
  return { text: renderMail(template, safe, language).text, linkWithheld: secret !== undefined };
}
