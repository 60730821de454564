import { Language } from '../../common/language';
import { countryName } from './country-names';

/** A link in an email, shown as its address so the HTML and the text part say the same. */
export interface MailLink {
  href: string;
}

/** One paragraph: text and links, each link kept apart from the words around it. */
export type MailParagraph = string | MailLink | (string | MailLink)[];

/** What every email is: a subject and paragraphs (the layout makes the document). */
export interface MailContent {
  subject: string;
  paragraphs: MailParagraph[];
  /** Issue 39: a ticket's QR code, shown below the paragraphs. */
  qrCode?: { value: string; alt: string };
  /** Issue 39: the event's calendar file, attached as written when the email was queued. */
  calendar?: MailCalendar;
}

/** An iCalendar file an email attaches (`text/calendar; method=PUBLISH`). */
export interface MailCalendar {
  filename: string;
  content: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** `Content-Language`: the language the email is written in. */
  headers: Record<string, string>;
  /** The web addresses it links to, in order (for the development log and the admins' view). */
  links: string[];
  /** Where a reply goes, when not to the sender (a contact message's author). */
  replyTo?: string;
  /** Issue 39: a QR code the HTML shows inline (`cid:`); the sender attaches its PNG. */
  qrCode?: MailQrCode;
  calendar?: MailCalendar;
}

/** A QR code an email shows: what it encodes, its text alternative, the HTML's content id. */
export interface MailQrCode {
  value: string;
  alt: string;
  cid: string;
}

/** The content id of an email's QR code image. */
export const QR_CODE_CID = 'ticket-qr@diaspora';

/** A value written once per language when it is recorded (a date), or a plain string. */
export type Localised = string | Partial<Record<Language, string>>;

/** Where an event takes place; the country is named in the reader's language. */
export interface MailPlace {
  name: string;
  city: string | null;
  country: string;
}

export const link = (href: string): MailLink => ({ href });

/**
 * What a non-transactional email carries (ADR 0062): the signed one-click link (RFC 8058) that
 * turns its kind off, and the preferences page for the footer.
 */
export interface MailUnsubscribe {
  url: string;
  preferencesUrl: string;
}

const FOOTER: Record<Language, (unsubscribe: MailUnsubscribe) => MailParagraph[]> = {
  [Language.EN]: ({ url, preferencesUrl }) => [
    ['Choose which emails you receive:', link(preferencesUrl)],
    ['Stop emails like this one:', link(url)],
  ],
  [Language.AM]: ({ url, preferencesUrl }) => [
    ['የሚደርሱዎትን ኢሜይሎች ይምረጡ፦', link(preferencesUrl)],
    ['እንደዚህ ያሉ ኢሜይሎችን ያቁሙ፦', link(url)],
  ],
};

/** The email with its unsubscribe footer and the List-Unsubscribe headers of RFC 2369 and 8058. */
export function withUnsubscribe(
  language: Language,
  content: MailContent,
  unsubscribe: MailUnsubscribe | undefined,
): { content: MailContent; headers: Record<string, string> } {
  if (!unsubscribe) return { content, headers: {} };
  return {
    content: {
      ...content,
      paragraphs: [...content.paragraphs, ...FOOTER[language](unsubscribe)],
    },
    headers: {
      'List-Unsubscribe': `<${unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Paragraphs under a subject: what each template gives the one layout. */
export const compose = (
  subject: string,
  paragraphs: MailParagraph[],
  extras: Pick<MailContent, 'qrCode' | 'calendar'> = {},
): MailContent => ({
  subject,
  paragraphs,
  ...(extras.qrCode ? { qrCode: extras.qrCode } : {}),
  ...(extras.calendar ? { calendar: extras.calendar } : {}),
});

/** The value in this language (English, then any, for a value recorded in one language). */
export function inLanguage(value: Localised, language: Language): string {
  if (typeof value === 'string') return value;
  return value[language] ?? value[Language.EN] ?? Object.values(value)[0] ?? '';
}

/** A venue in the reader's words: "Hall, Toronto, ካናዳ" (older messages carry it as one string). */
export function placeIn(place: string | MailPlace, language: Language): string {
  if (typeof place === 'string') return place;
  return [place.name, place.city, countryName(place.country, language)].filter(Boolean).join(', ');
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Only a real web address becomes a link; anything else stays text. */
function isWebAddress(href: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/**
 * The parts of a paragraph with a space between a link and any word or mark touching it, so no
 * link is glued to a letter (በhttps://…) and none takes in the sentence's full stop.
 */
function spaced(paragraph: MailParagraph): (string | MailLink)[] {
  const parts = (Array.isArray(paragraph) ? paragraph : [paragraph]).filter((part) => part !== '');
  const out: (string | MailLink)[] = [];
  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    if (index > 0 && (typeof part !== 'string' || typeof previous !== 'string')) {
      const touching =
        typeof previous === 'string'
          ? !/\s$/.test(previous)
          : typeof part === 'string'
            ? !/^\s/.test(part)
            : true;
      if (touching) out.push(' ');
    }
    out.push(part);
  });
  return out;
}

const STYLE = {
  // Single quotes inside: the value sits in a double-quoted style attribute.
  body: "margin:0;padding:24px 16px;background:#f6f4ef;color:#1f2328;font-family:'Noto Sans Ethiopic',Nyala,'Segoe UI',Arial,sans-serif;font-size:16px;line-height:1.6",
  main: 'max-width:600px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px',
  p: 'margin:0 0 16px;white-space:pre-line',
  a: 'color:#0b6b3a;text-decoration:underline;word-break:break-all',
} as const;

/**
 * The one layout of every email: a whole HTML document in the reader's language (lang, title,
 * real links) and a text part with the same words and the same links, plus `Content-Language`.
 */
export function layoutMail(language: Language, content: MailContent): RenderedMail {
  const paragraphs = content.paragraphs.map(spaced);
  const qrCode = content.qrCode && { ...content.qrCode, cid: QR_CODE_CID };
  const text = [
    ...paragraphs.map((parts) =>
      parts.map((part) => (typeof part === 'string' ? part : part.href)).join(''),
    ),
    // Text-only readers get the code itself, which the door can also find by name.
    ...(qrCode ? [`${qrCode.alt}: ${qrCode.value}`] : []),
  ].join('\n\n');
  const body = paragraphs
    .map(
      (parts) =>
        `<p style="${STYLE.p}">${parts
          .map((part) =>
            typeof part === 'string'
              ? escapeHtml(part)
              : isWebAddress(part.href)
                ? `<a href="${escapeHtml(part.href)}" style="${STYLE.a}">${escapeHtml(part.href)}</a>`
                : escapeHtml(part.href),
          )
          .join('')}</p>`,
    )
    .join('\n');
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    '</head>',
    `<body style="${STYLE.body}">`,
    `<main style="${STYLE.main}">`,
    body,
    ...(qrCode
      ? [
          `<p style="${STYLE.p}"><img src="cid:${qrCode.cid}" alt="${escapeHtml(qrCode.alt)}" width="240" height="240" style="display:block;margin:0 auto"></p>`,
          `<p style="${STYLE.p};word-break:break-all">${escapeHtml(`${qrCode.alt}: ${qrCode.value}`)}</p>`,
        ]
      : []),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return {
    subject: content.subject,
    text,
    html,
    headers: { 'Content-Language': language },
    ...(qrCode ? { qrCode } : {}),
    ...(content.calendar ? { calendar: content.calendar } : {}),
    links: paragraphs.flatMap((parts) =>
      parts.flatMap((part) =>
        typeof part !== 'string' && isWebAddress(part.href) ? [part.href] : [],
      ),
    ),
  };
}
