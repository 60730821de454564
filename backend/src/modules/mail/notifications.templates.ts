import { Language } from '../../common/language';
import { countryName } from './country-names';
import { type EventTime, formatEventTime } from './event-time';
import {
  compose,
  inLanguage,
  link,
  type Localised,
  type MailContent,
  type MailParagraph,
  type MailPlace,
  placeIn,
} from './mail.layout';

/** One line of the daily digest: what happened, and where to see it (absent: the item is gone). */
export interface DigestItem {
  kind: string;
  title: string;
  actorName?: string;
  reason?: string;
  url?: string;
}

/** An upcoming event in the weekly digest: its start is written in the reader's language. */
export interface WeeklyEvent {
  title: string;
  time: EventTime;
  place: MailPlace;
  url: string;
}

/** An article or a directory listing in the weekly digest. */
export interface WeeklyItem {
  title: string;
  url: string;
}

/** The weekly digest (ADR 0072): what is coming in the member's country and what is new. */
export interface WeeklyDigest {
  name: string;
  /** The member's country as stored (English); named in the reader's language. */
  country: string | null;
  events: WeeklyEvent[];
  articles: WeeklyItem[];
  listings: WeeklyItem[];
  siteUrl: string;
}

/** Emails of notification kinds that had no email of their own before (ADR 0060), and the digest. */
export interface NotificationMailTemplates {
  notificationDigest: { name: string; items: DigestItem[]; notificationsUrl: string };
  weeklyDigest: WeeklyDigest;
  commentReply: {
    name: string;
    replierName: string;
    itemTitle: string;
    excerpt: string;
    itemUrl: string;
  };
  eventChanged: {
    name: string;
    eventTitle: string;
    when: Localised;
    eventTime?: EventTime;
    venue: string | MailPlace;
    eventUrl: string;
  };
}

/** What each kind says in a digest's line. */
const DIGEST_LINES: Record<Language, (item: DigestItem) => string> = {
  [Language.EN]: ({ kind, title, actorName, reason }) =>
    ({
      comment_reply: `${actorName ?? 'Someone'} replied to your comment on ${title}.`,
      listing_approved: `Your listing ${title} was approved.`,
      listing_rejected: `Your listing ${title} was not approved.${reason ? ` Reason: ${reason}` : ''}`,
      enrollment_status: `Your enrolment in ${title} has a new status.`,
      waitlist_promoted: `A seat freed up: you are now going to ${title}.`,
      event_changed: `The time or place of ${title} has changed.`,
      event_cancelled: `${title} was cancelled.`,
      event_reminder: `Reminder: ${title} is coming up.`,
    })[kind] ?? title,
  [Language.AM]: ({ kind, title, actorName, reason }) =>
    ({
      comment_reply: `${actorName ?? 'አንድ አባል'} በ${title} ላይ ለሰጡት አስተያየት መልስ ሰጥተዋል።`,
      listing_approved: `ዝርዝርዎ ${title} ጸድቋል።`,
      listing_rejected: `ዝርዝርዎ ${title} አልጸደቀም።${reason ? ` ምክንያት፦ ${reason}` : ''}`,
      enrollment_status: `በ${title} ያለዎት ምዝገባ አዲስ ሁኔታ አለው።`,
      waitlist_promoted: `ቦታ ተገኝቷል፦ አሁን ወደ ${title} ይሄዳሉ።`,
      event_changed: `የ${title} ጊዜ ወይም ቦታ ተቀይሯል።`,
      event_cancelled: `${title} ተሰርዟል።`,
      event_reminder: `ማስታወሻ፦ ${title} እየቀረበ ነው።`,
    })[kind] ?? title,
};

const digestLine = (item: DigestItem, language: Language) =>
  item.url ? [DIGEST_LINES[language](item), link(item.url)] : DIGEST_LINES[language](item);

/** The weekly digest's words in one language; a section with nothing in it is left out. */
interface WeeklyWords {
  subject: string;
  hello: (name: string) => string;
  intro: string;
  events: (country: string) => string;
  articles: string;
  listings: string;
  nothing: string;
  more: string;
}

const WEEKLY_WORDS: Record<Language, WeeklyWords> = {
  [Language.EN]: {
    subject: 'Your week in the community',
    hello: (name) => `Hello ${name},`,
    intro: 'Here is what is coming up and what is new this week.',
    events: (country) => `Upcoming events in ${country}:`,
    articles: 'New articles:',
    listings: 'New in the directory:',
    nothing: 'Nothing new this week.',
    more: 'See everything on the site:',
  },
  [Language.AM]: {
    subject: 'የሳምንቱ የማኅበረሰብ ዜናዎ',
    hello: (name) => `ሰላም ${name}፣`,
    intro: 'በዚህ ሳምንት የሚመጡት እና አዲስ የሆኑት እነዚህ ናቸው።',
    events: (country) => `በ${country} የሚካሄዱ መጪ ዝግጅቶች፦`,
    articles: 'አዳዲስ ጽሑፎች፦',
    listings: 'በማውጫው ውስጥ አዲስ፦',
    nothing: 'በዚህ ሳምንት አዲስ ነገር የለም።',
    more: 'ሁሉንም በድረ-ገጹ ላይ ይመልከቱ፦',
  },
};

function weeklyDigest(digest: WeeklyDigest, language: Language): MailContent {
  const words = WEEKLY_WORDS[language];
  const { events, articles, listings } = digest;
  const sections: MailParagraph[][] = [
    events.length && digest.country
      ? [
          words.events(countryName(digest.country, language)),
          ...events.map((event) => [
            `${event.title}: ${formatEventTime(event.time, language)}, ${placeIn(event.place, language)}`,
            link(event.url),
          ]),
        ]
      : [],
    articles.length
      ? [words.articles, ...articles.map((item) => [item.title, link(item.url)])]
      : [],
    listings.length
      ? [words.listings, ...listings.map((item) => [item.title, link(item.url)])]
      : [],
  ];
  const body = sections.flat();
  return compose(words.subject, [
    words.hello(digest.name),
    body.length ? words.intro : words.nothing,
    ...body,
    [words.more, link(digest.siteUrl)],
  ]);
}

type NotificationRenderers = {
  [T in keyof NotificationMailTemplates]: (payload: NotificationMailTemplates[T]) => MailContent;
};

export function notificationRenderers(): Record<Language, NotificationRenderers> {
  return {
    [Language.EN]: {
      weeklyDigest: (digest) => weeklyDigest(digest, Language.EN),
      notificationDigest: ({ name, items, notificationsUrl }) =>
        compose('Your notifications of the day', [
          `Hello ${name},`,
          'Here is what happened since yesterday:',
          ...items.map((item) => digestLine(item, Language.EN)),
          ['All your notifications:', link(notificationsUrl)],
        ]),
      commentReply: ({ name, replierName, itemTitle, excerpt, itemUrl }) =>
        compose(`${replierName} replied to your comment`, [
          `Hello ${name},`,
          `${replierName} replied to your comment on ${itemTitle}:`,
          `“${excerpt}”`,
          ['Read the conversation:', link(itemUrl)],
        ]),
      eventChanged: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`Changed: ${eventTitle}`, [
          `Hello ${name},`,
          `The time or place of ${eventTitle}, which you are going to, has changed.`,
          `When: ${inLanguage(when, Language.EN)}. Where: ${placeIn(venue, Language.EN)}.`,
          ['See the event:', link(eventUrl)],
        ]),
    },
    [Language.AM]: {
      weeklyDigest: (digest) => weeklyDigest(digest, Language.AM),
      notificationDigest: ({ name, items, notificationsUrl }) =>
        compose('የዕለቱ ማሳወቂያዎችዎ', [
          `ሰላም ${name}፣`,
          'ከትናንት ወዲህ የሆነው ይህ ነው፦',
          ...items.map((item) => digestLine(item, Language.AM)),
          ['ሁሉም ማሳወቂያዎችዎ፦', link(notificationsUrl)],
        ]),
      commentReply: ({ name, replierName, itemTitle, excerpt, itemUrl }) =>
        compose(`${replierName} ለአስተያየትዎ መልስ ሰጥተዋል`, [
          `ሰላም ${name}፣`,
          `${replierName} በ${itemTitle} ላይ ለሰጡት አስተያየት መልስ ሰጥተዋል፦`,
          `«${excerpt}»`,
          ['ውይይቱን ያንብቡ፦', link(itemUrl)],
        ]),
      eventChanged: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`ተቀይሯል፦ ${eventTitle}`, [
          `ሰላም ${name}፣`,
          `ሊሄዱበት ያሰቡት የ${eventTitle} ጊዜ ወይም ቦታ ተቀይሯል።`,
          `መቼ፦ ${inLanguage(when, Language.AM)}። የት፦ ${placeIn(venue, Language.AM)}።`,
          ['ዝግጅቱን ይመልከቱ፦', link(eventUrl)],
        ]),
    },
  };
}
