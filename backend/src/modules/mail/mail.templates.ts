import { DEFAULT_LANGUAGE, Language } from '../../common/language';
import {
  ACCOUNT_MAIL_SECRET_LINKS,
  AccountMailTemplates,
  accountRenderers,
} from './account.templates';
import { DirectoryMailTemplates, directoryRenderers } from './directory.templates';
import { EventsMailTemplates, eventsRenderers } from './events.templates';
import { NotificationMailTemplates, notificationRenderers } from './notifications.templates';
import {
  compose,
  layoutMail,
  link,
  MailContent,
  type MailUnsubscribe,
  RenderedMail,
  withUnsubscribe,
} from './mail.layout';

export type { RenderedMail } from './mail.layout';
import { localiseWhen } from './event-time';

/** The emails the platform sends: each template turns its payload into a subject and bodies. */
export interface MailTemplates
  extends
    DirectoryMailTemplates,
    EventsMailTemplates,
    AccountMailTemplates,
    NotificationMailTemplates {
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

/** A template's words: subject and paragraphs, and where a reply goes when not to the sender. */
export type MailWords = MailContent & { replyTo?: string };

type Renderers = { [T in MailTemplate]: (payload: MailTemplates[T]) => MailWords };

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

const directory = directoryRenderers();
const events = eventsRenderers();
const account = accountRenderers();
const notices = notificationRenderers();

const english: Renderers = {
  welcome: ({ name, siteUrl }) =>
    compose('Welcome to the community', [
      `Hello ${name},`,
      'Welcome to our community of Ethiopian professionals abroad: business, events, learning.',
      ['Find upcoming events, news and member businesses here:', link(siteUrl)],
    ]),
  ...events[Language.EN],
  ...directory[Language.EN],
  ...account[Language.EN],
  ...notices[Language.EN],
  contactMessage: ({ name, email, subject, message, adminUrl }) => ({
    ...compose(`Contact form: ${subject}`, [
      `${name} <${email}> sent a message through the contact form.`,
      `Subject: ${subject}`,
      message,
      `Reply to this email to answer ${name}.`,
      ['All messages:', link(adminUrl)],
    ]),
    replyTo: email,
  }),
  enrollmentDecision: ({ name, courseName, status, rejectionReason, tutorialsUrl }) =>
    compose(`Your enrollment: ${courseName}`, [
      `Hello ${name},`,
      ENROLLMENT_DECISIONS[Language.EN][status]?.(courseName) ??
        `The status of your enrollment in ${courseName} is now: ${status}.`,
      ...(status === 'rejected' && rejectionReason ? [`Reason: ${rejectionReason}`] : []),
      ['Your enrollments:', link(tutorialsUrl)],
    ]),
};

const amharic: Renderers = {
  welcome: ({ name, siteUrl }) =>
    compose('እንኳን ወደ ማኅበረሰቡ በደህና መጡ', [
      `ሰላም ${name}፣`,
      'በውጭ ሀገር ወደሚኖሩ የኢትዮጵያ ባለሙያዎች ማኅበረሰብ እንኳን በደህና መጡ፦ ንግድ፣ ዝግጅቶች፣ ትምህርት።',
      ['መጪ ዝግጅቶችን፣ ዜናዎችን እና የአባላትን ንግዶች እዚህ ያግኙ፦', link(siteUrl)],
    ]),
  ...events[Language.AM],
  ...directory[Language.AM],
  ...account[Language.AM],
  ...notices[Language.AM],
  contactMessage: ({ name, email, subject, message, adminUrl }) => ({
    ...compose(`የመገናኛ ቅጽ፦ ${subject}`, [
      `${name} <${email}> በመገናኛ ቅጹ መልእክት ልኳል።`,
      `ርዕስ፦ ${subject}`,
      message,
      `ለ${name} መልስ ለመስጠት ለዚህ ኢሜይል ምላሽ ይስጡ።`,
      ['ሁሉም መልእክቶች፦', link(adminUrl)],
    ]),
    replyTo: email,
  }),
  enrollmentDecision: ({ name, courseName, status, rejectionReason, tutorialsUrl }) =>
    compose(`የእርስዎ ምዝገባ፦ ${courseName}`, [
      `ሰላም ${name}፣`,
      ENROLLMENT_DECISIONS[Language.AM][status]?.(courseName) ??
        `በ${courseName} ያለዎት ምዝገባ ሁኔታ አሁን፦ ${status}።`,
      ...(status === 'rejected' && rejectionReason ? [`ምክንያት፦ ${rejectionReason}`] : []),
      ['ምዝገባዎችዎ፦', link(tutorialsUrl)],
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
  const written = writtenIn(language);
  const { replyTo, ...words } = wordsOf(template, payload, written);
  const { content, headers } = withUnsubscribe(written, words, unsubscribeOf(payload));
  const rendered = layoutMail(written, content);
  return {
    ...rendered,
    headers: { ...rendered.headers, ...headers },
    ...(replyTo ? { replyTo } : {}),
  };
}

/** An email's subject alone: what its outbox row records, without laying out the whole email. */
export function mailSubject<T extends MailTemplate>(
  template: T,
  payload: MailTemplates[T],
  language: Language = DEFAULT_LANGUAGE,
): string {
  return wordsOf(template, payload, writtenIn(language)).subject;
}

function writtenIn(language: Language): Language {
  return RENDERERS[language] ? language : DEFAULT_LANGUAGE;
}

function wordsOf<T extends MailTemplate>(
  template: T,
  payload: MailTemplates[T],
  written: Language,
): MailWords {
  const renderer = RENDERERS[written][template] as (payload: MailTemplates[T]) => MailWords;
  return renderer(localiseWhen(payload, written));
}

/** The key under which MailService.send keeps an email's unsubscribe link in its payload. */
export const UNSUBSCRIBE_KEY = 'listUnsubscribe';

function unsubscribeOf(payload: object): MailUnsubscribe | undefined {
  const value = (payload as Record<string, unknown>)[UNSUBSCRIBE_KEY] as
    Partial<MailUnsubscribe> | undefined;
  return typeof value?.url === 'string' && typeof value.preferencesUrl === 'string'
    ? { url: value.url, preferencesUrl: value.preferencesUrl }
    : undefined;
}

/** What a copy of an email shows in place of its one-time link. */
export const WITHHELD_LINK = '[one-time link left out of this export]';

/** The one-time link an email carries (a confirmation or reset link), if its template has one. */
export function secretLinkOf<T extends MailTemplate>(
  template: T,
  payload: MailTemplates[T],
): string | undefined {
  const field = (ACCOUNT_MAIL_SECRET_LINKS as Partial<Record<MailTemplate, string>>)[template];
  const value = field ? (payload as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

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
