import { dateTimeFormat } from '../../common/intl/date-time-format';
import { Language } from '../../common/language';

/** An event's start as an email carries it, so it is written in the reader's language when sent. */
export interface EventTime {
  /** The instant (ISO). */
  startsAt: string;
  /** The venue's IANA time zone. */
  timeZone: string;
}

const LOCALES: Record<Language, string> = { [Language.EN]: 'en-US', [Language.AM]: 'am-ET' };
const EVENT_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * The venue's date and time, with its zone, in `language`: "Thursday, December 5, 2030 at
 * 6:00 PM EST (Toronto)"; the zone's city keeps an offset such as GMT+3 readable.
 */
export function formatEventTime(time: EventTime, language: Language): string {
  const locale = LOCALES[language] ?? LOCALES[Language.EN];
  const text = dateTimeFormat('event time', locale, time.timeZone, EVENT_TIME).format(
    new Date(time.startsAt),
  );
  const city = time.timeZone.split('/').pop()?.replace(/_/g, ' ');
  return city && city !== time.timeZone ? `${text} (${city})` : text;
}

/** A payload with `eventTime` gets its `when` written in the reader's language. */
export function localiseWhen<P>(payload: P, language: Language): P {
  const { eventTime } = payload as { eventTime?: EventTime };
  if (!eventTime) return payload;
  return { ...payload, when: formatEventTime(eventTime, language) };
}
