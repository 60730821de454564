import { Language } from '../../common/language';
import {
  compose,
  inLanguage,
  link,
  placeIn,
  type Localised,
  type MailContent,
  type MailCalendar,
  type MailPlace,
} from './mail.layout';
import type { EventTime } from './event-time';

/**
 * Emails about events: RSVP answers, waitlist seats, reminders, cancellations and receipts.
 * `when` is written in the reader's language from `eventTime` when the email is rendered.
 */
export interface EventsMailTemplates {
  rsvpConfirmation: {
    name: string;
    eventTitle: string;
    status: string;
    /** Issue 39: the entry ticket's signed code, when going (the email shows its QR code). */
    ticketCode?: string;
    /** Issue 39: the event's calendar file, attached when going. */
    calendar?: MailCalendar;
    when: Localised;
    eventTime?: EventTime;
    venue: string | MailPlace;
    eventUrl: string;
  };
  waitlistPromotion: {
    name: string;
    eventTitle: string;
    when: Localised;
    eventTime?: EventTime;
    venue: string | MailPlace;
    eventUrl: string;
  };
  eventReminder: {
    name: string;
    eventTitle: string;
    when: Localised;
    eventTime?: EventTime;
    venue: string | MailPlace;
    eventUrl: string;
  };
  eventCancelled: {
    name: string;
    eventTitle: string;
    when: Localised;
    eventTime?: EventTime;
    refunded: boolean;
  };
  ticketReceipt: {
    name: string;
    eventTitle: string;
    ticketType: string;
    amount: string;
    ticketCode?: string;
    /** Issue 39: the event's calendar file, attached when going. */
    calendar?: MailCalendar;
    when: Localised;
    eventTime?: EventTime;
    eventUrl: string;
  };
}

type EventsRenderers = {
  [T in keyof EventsMailTemplates]: (payload: EventsMailTemplates[T]) => MailContent;
};

/** RSVP answers and ticket types as an Amharic email names them (English uses the values). */
const AM_RSVP: Record<string, string> = {
  going: 'እሄዳለሁ',
  maybe: 'ምናልባት',
  'not going': 'አልሄድም',
  waitlisted: 'ተጠባባቂ',
};
/** Issue 39: what an email with the entry ticket's QR code says about it. */
const EN_TICKET_NOTE =
  'Your ticket is the QR code below: show it at the door. It is also under My tickets on your profile.';
const EN_QR_ALT = 'Ticket QR code';
const AM_TICKET_NOTE =
  'ትኬትዎ ከዚህ በታች ያለው QR ኮድ ነው፤ በመግቢያው ላይ ያሳዩት። በመገለጫዎ ላይ ባለው "የእኔ ትኬቶች" ውስጥም ይገኛል።';
const AM_QR_ALT = 'የትኬት QR ኮድ';
const AM_TICKET: Record<string, string> = { general: 'መደበኛ', student: 'የተማሪ', vip: 'ቪአይፒ' };

export function eventsRenderers(): Record<Language, EventsRenderers> {
  return {
    [Language.EN]: {
      rsvpConfirmation: ({
        name,
        eventTitle,
        status,
        when,
        venue,
        eventUrl,
        ticketCode,
        calendar,
      }) =>
        compose(
          `Your RSVP: ${eventTitle}`,
          [
            `Hello ${name},`,
            status === 'waitlisted'
              ? `${eventTitle} is full, so you are on the waiting list. We will email you if a seat frees up.`
              : `Your answer for ${eventTitle} is recorded: ${status}.`,
            `When: ${inLanguage(when, Language.EN)}. Where: ${placeIn(venue, Language.EN)}.`,
            ['Details and calendar file:', link(eventUrl)],
            ...(ticketCode ? [EN_TICKET_NOTE] : []),
          ],
          { qrCode: ticketCode ? { value: ticketCode, alt: EN_QR_ALT } : undefined, calendar },
        ),
      waitlistPromotion: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`A seat opened up: ${eventTitle}`, [
          `Hello ${name},`,
          `A seat became free at ${eventTitle} and it is yours: you are now going.`,
          `When: ${inLanguage(when, Language.EN)}. Where: ${placeIn(venue, Language.EN)}.`,
          [
            'If you can no longer attend, please change your answer so the next person gets the seat:',
            link(eventUrl),
          ],
        ]),
      eventReminder: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`Reminder: ${eventTitle}`, [
          `Hello ${name},`,
          `A reminder that you are going to ${eventTitle}.`,
          `When: ${inLanguage(when, Language.EN)}. Where: ${placeIn(venue, Language.EN)}.`,
          [
            'If you can no longer attend, please change your answer so someone else gets the seat:',
            link(eventUrl),
          ],
        ]),
      eventCancelled: ({ name, eventTitle, when, refunded }) =>
        compose(`Cancelled: ${eventTitle}`, [
          `Hello ${name},`,
          `We are sorry: ${eventTitle} (${inLanguage(when, Language.EN)}) has been cancelled.`,
          ...(refunded ? ['Your ticket has been refunded in full to your card.'] : []),
        ]),
      ticketReceipt: ({
        name,
        eventTitle,
        ticketType,
        amount,
        when,
        eventUrl,
        ticketCode,
        calendar,
      }) =>
        compose(
          `Your ticket: ${eventTitle}`,
          [
            `Hello ${name},`,
            `Thank you for your payment of ${amount} for a ${ticketType} ticket to ${eventTitle}. You are going.`,
            `When: ${inLanguage(when, Language.EN)}.`,
            ['Details and calendar file:', link(eventUrl)],
            ...(ticketCode ? [EN_TICKET_NOTE] : []),
          ],
          { qrCode: ticketCode ? { value: ticketCode, alt: EN_QR_ALT } : undefined, calendar },
        ),
    },
    [Language.AM]: {
      rsvpConfirmation: ({
        name,
        eventTitle,
        status,
        when,
        venue,
        eventUrl,
        ticketCode,
        calendar,
      }) =>
        compose(
          `የእርስዎ ምላሽ፦ ${eventTitle}`,
          [
            `ሰላም ${name}፣`,
            status === 'waitlisted'
              ? `${eventTitle} ሞልቷል፤ ስለዚህ በተጠባባቂ ዝርዝር ውስጥ ነዎት። ቦታ ሲለቀቅ በኢሜይል እናሳውቅዎታለን።`
              : `ለ${eventTitle} የሰጡት ምላሽ ተመዝግቧል፦ ${AM_RSVP[status] ?? status}።`,
            `መቼ፦ ${inLanguage(when, Language.AM)}። የት፦ ${placeIn(venue, Language.AM)}።`,
            ['ዝርዝሮች እና የቀን መቁጠሪያ ፋይል፦', link(eventUrl)],
            ...(ticketCode ? [AM_TICKET_NOTE] : []),
          ],
          { qrCode: ticketCode ? { value: ticketCode, alt: AM_QR_ALT } : undefined, calendar },
        ),
      waitlistPromotion: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`ቦታ ተገኝቷል፦ ${eventTitle}`, [
          `ሰላም ${name}፣`,
          `በ${eventTitle} ቦታ ተለቅቋል፤ ቦታው የእርስዎ ነው፦ አሁን ተሳታፊ ነዎት።`,
          `መቼ፦ ${inLanguage(when, Language.AM)}። የት፦ ${placeIn(venue, Language.AM)}።`,
          ['መገኘት ካልቻሉ ቦታው ለቀጣዩ ሰው እንዲደርስ እባክዎ ምላሽዎን ይቀይሩ፦', link(eventUrl)],
        ]),
      eventReminder: ({ name, eventTitle, when, venue, eventUrl }) =>
        compose(`ማስታወሻ፦ ${eventTitle}`, [
          `ሰላም ${name}፣`,
          `ወደ ${eventTitle} እንደሚሄዱ ለማስታወስ ነው።`,
          `መቼ፦ ${inLanguage(when, Language.AM)}። የት፦ ${placeIn(venue, Language.AM)}።`,
          ['መገኘት ካልቻሉ ቦታው ለሌላ ሰው እንዲደርስ እባክዎ ምላሽዎን ይቀይሩ፦', link(eventUrl)],
        ]),
      eventCancelled: ({ name, eventTitle, when, refunded }) =>
        compose(`ተሰርዟል፦ ${eventTitle}`, [
          `ሰላም ${name}፣`,
          `ይቅርታ፦ ${eventTitle} (${inLanguage(when, Language.AM)}) ተሰርዟል።`,
          ...(refunded ? ['የትኬትዎ ክፍያ ሙሉ በሙሉ ወደ ካርድዎ ተመልሷል።'] : []),
        ]),
      ticketReceipt: ({
        name,
        eventTitle,
        ticketType,
        amount,
        when,
        eventUrl,
        ticketCode,
        calendar,
      }) =>
        compose(
          `የእርስዎ ትኬት፦ ${eventTitle}`,
          [
            `ሰላም ${name}፣`,
            `ለ${eventTitle} የ${AM_TICKET[ticketType] ?? ticketType} ትኬት ${amount} ስለከፈሉ እናመሰግናለን። ተሳታፊ ነዎት።`,
            `መቼ፦ ${inLanguage(when, Language.AM)}።`,
            ['ዝርዝሮች እና የቀን መቁጠሪያ ፋይል፦', link(eventUrl)],
            ...(ticketCode ? [AM_TICKET_NOTE] : []),
          ],
          { qrCode: ticketCode ? { value: ticketCode, alt: AM_QR_ALT } : undefined, calendar },
        ),
    },
  };
}
