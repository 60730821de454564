import { Language } from '../../common/language';
import type { EventTime } from './event-time';
import {
  compose,
  inLanguage,
  link,
  type Localised,
  type MailContent,
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

/** Emails of notification kinds that had no email of their own before (ADR 0060), and the digest. */
export interface NotificationMailTemplates {
  notificationDigest: { name: string; items: DigestItem[]; notificationsUrl: string };
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

type NotificationRenderers = {
  [T in keyof NotificationMailTemplates]: (payload: NotificationMailTemplates[T]) => MailContent;
};

export function notificationRenderers(): Record<Language, NotificationRenderers> {
  return {
    [Language.EN]: {
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
