import { DEFAULT_LANGUAGE, Language } from '../../common/language';
import { DirectoryMailTemplates, directoryRenderers } from './directory.templates';

/** The emails the platform sends: each template turns its payload into a subject and bodies. */
export interface MailTemplates extends DirectoryMailTemplates {
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
  contactMessage: {
    name: string;
    email: string;
    subject: string;
    message: string;
    adminUrl: string;
  };
  eventReminder: {
    name: string;
    eventTitle: string;
    when: string;
    venue: string;
    eventUrl: string;
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

/** RSVP answers and ticket types as an Amharic email names them (English uses the values). */
const AM_RSVP: Record<string, string> = {
  going: 'እሄዳለሁ',
  maybe: 'ምናልባት',
  'not going': 'አልሄድም',
  waitlisted: 'ተጠባባቂ',
};
const AM_TICKET: Record<string, string> = { general: 'መደበኛ', student: 'የተማሪ', vip: 'ቪአይፒ' };

const directory = directoryRenderers(compose);

const english: Renderers = {
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
  eventReminder: ({ name, eventTitle, when, venue, eventUrl }) =>
    compose(`Reminder: ${eventTitle}`, [
      `Hello ${name},`,
      `A reminder that you are going to ${eventTitle}.`,
      `When: ${when}. Where: ${venue}.`,
      `If you can no longer attend, please change your answer so someone else gets the seat: ${eventUrl}`,
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
  ...directory[Language.EN],
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
  rsvpConfirmation: ({ name, eventTitle, status, when, venue, eventUrl }) =>
    compose(`የእርስዎ ምላሽ፦ ${eventTitle}`, [
      `ሰላም ${name}፣`,
      status === 'waitlisted'
        ? `${eventTitle} ሞልቷል፤ ስለዚህ በተጠባባቂ ዝርዝር ውስጥ ነዎት። ቦታ ሲለቀቅ በኢሜይል እናሳውቅዎታለን።`
        : `ለ${eventTitle} የሰጡት ምላሽ ተመዝግቧል፦ ${AM_RSVP[status] ?? status}።`,
      `መቼ፦ ${when}። የት፦ ${venue}።`,
      `ዝርዝሮች እና የቀን መቁጠሪያ ፋይል፦ ${eventUrl}`,
    ]),
  waitlistPromotion: ({ name, eventTitle, when, venue, eventUrl }) =>
    compose(`ቦታ ተገኝቷል፦ ${eventTitle}`, [
      `ሰላም ${name}፣`,
      `በ${eventTitle} ቦታ ተለቅቋል፤ ቦታው የእርስዎ ነው፦ አሁን ተሳታፊ ነዎት።`,
      `መቼ፦ ${when}። የት፦ ${venue}።`,
      `መገኘት ካልቻሉ ቦታው ለቀጣዩ ሰው እንዲደርስ እባክዎ ምላሽዎን ይቀይሩ፦ ${eventUrl}`,
    ]),
  eventReminder: ({ name, eventTitle, when, venue, eventUrl }) =>
    compose(`ማስታወሻ፦ ${eventTitle}`, [
      `ሰላም ${name}፣`,
      `ወደ ${eventTitle} እንደሚሄዱ ለማስታወስ ነው።`,
      `መቼ፦ ${when}። የት፦ ${venue}።`,
      `መገኘት ካልቻሉ ቦታው ለሌላ ሰው እንዲደርስ እባክዎ ምላሽዎን ይቀይሩ፦ ${eventUrl}`,
    ]),
  eventCancelled: ({ name, eventTitle, when, refunded }) =>
    compose(`ተሰርዟል፦ ${eventTitle}`, [
      `ሰላም ${name}፣`,
      `ይቅርታ፦ ${eventTitle} (${when}) ተሰርዟል።`,
      ...(refunded ? ['የትኬትዎ ክፍያ ሙሉ በሙሉ ወደ ካርድዎ ተመልሷል።'] : []),
    ]),
  ticketReceipt: ({ name, eventTitle, ticketType, amount, when, eventUrl }) =>
    compose(`የእርስዎ ትኬት፦ ${eventTitle}`, [
      `ሰላም ${name}፣`,
      `ለ${eventTitle} የ${AM_TICKET[ticketType] ?? ticketType} ትኬት ${amount} ስለከፈሉ እናመሰግናለን። ተሳታፊ ነዎት።`,
      `መቼ፦ ${when}።`,
      `ዝርዝሮች እና የቀን መቁጠሪያ ፋይል፦ ${eventUrl}`,
    ]),
  ...directory[Language.AM],
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
  return renderer(payload);
}
