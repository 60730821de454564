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

/** Emails of notification kinds that had no email of their own before (ADR 0060). */
export interface NotificationMailTemplates {
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

type NotificationRenderers = {
  [T in keyof NotificationMailTemplates]: (payload: NotificationMailTemplates[T]) => MailContent;
};

export function notificationRenderers(): Record<Language, NotificationRenderers> {
  return {
    [Language.EN]: {
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
