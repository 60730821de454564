import { TICKET_TYPES } from '@diaspora/api-client';
import { dateFormat, numberFormat, intlLocale } from '@diaspora/i18n';
import type { EventSummary } from './useEvents';

/** Active when isActive and not yet started (spec 4, the start's instant); RSVP only then. */
export function isEventActive(
  event: Pick<EventSummary, 'isActive' | 'startsAt'>,
  now = new Date(),
) {
  return event.isActive && new Date(event.startsAt).getTime() >= now.getTime();
}

// `date` is the venue's calendar date written as UTC (the spec's shape), so it is shown in UTC, in
// the reader's language (en-US as spec 9 shows them, am-ET in Amharic); times come from the
// instant (`startsAt`) in the venue's zone, and the reader's own zone beside it.
const localeOf = intlLocale;

const LONG: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
};
const SHORT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

export const formatLongDate = (iso: string, language?: string) =>
  dateFormat(localeOf(language), LONG).format(new Date(iso));
export const formatShortDate = (iso: string, language?: string) =>
  dateFormat(localeOf(language), SHORT).format(new Date(iso));

const ETHIOPIAN: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
};

/** The same day in the Ethiopian calendar, in Amharic (e.g. 15 ታኅሣሥ 2019), shown beside it. */
export const formatEthiopianDate = (iso: string) =>
  dateFormat('am-ET-u-ca-ethiopic', ETHIOPIAN).format(new Date(iso));

/** "18:30" → "6:30 PM" in English; the Amharic clock words in Amharic. */
export function formatTime12(time: string, language?: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  if (localeOf(language) !== localeOf('en')) {
    return dateFormat(localeOf(language), {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2000, 0, 1, hours, Number(match[2]))));
  }
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

type Timed = Pick<EventSummary, 'startsAt' | 'timeZone'>;

/** The city a zone is named after, as people say it: America/Toronto → Toronto. */
export const zoneCity = (zone: string) => zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;

/** The reader's own time zone, as the browser knows it. */
export const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Zone names a reader can read: EST in English; offsets (ጂ ኤም ቲ-5) where abbreviations are Latin. */
const zoneStyle = (language?: string): Intl.DateTimeFormatOptions['timeZoneName'] =>
  localeOf(language) === localeOf('en') ? 'short' : 'shortOffset';

/** The zone as the reader's language names it after its city ("ቶሮንቶ ሰዓት"); else the city. */
function zoneLabel(zone: string, at: Date, language?: string): string {
  if (localeOf(language) === localeOf('en')) return zoneCity(zone);
  const parts = dateFormat(localeOf(language), {
    timeZone: zone,
    timeZoneName: 'shortGeneric',
  }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zoneCity(zone);
}

/** The venue's clock time with its zone ("6:00 PM EST · Toronto"): what the venue's clocks show. */
export function formatVenueTime(event: Timed, language?: string): string {
  const at = new Date(event.startsAt);
  const time = dateFormat(localeOf(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: event.timeZone,
    timeZoneName: zoneStyle(language),
  }).format(at);
  return event.timeZone.includes('/')
    ? `${time} · ${zoneLabel(event.timeZone, at, language)}`
    : time;
}

const READER: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * The start on the reader's clock ("Sat, Dec 6, 12:00 AM GMT+1"), or undefined when it reads the
 * same as the venue's (same offset and zone name): shown beside the venue's time.
 */
export function formatReaderTime(
  event: Timed,
  language?: string,
  zone: string = readerZone(),
): string | undefined {
  const at = new Date(event.startsAt);
  const locale = localeOf(language);
  const options = { ...READER, timeZoneName: zoneStyle(language) };
  const reader = dateFormat(locale, { ...options, timeZone: zone }).format(at);
  const venue = dateFormat(locale, { ...options, timeZone: event.timeZone }).format(at);
  return reader === venue ? undefined : reader;
}

/** Prices are shown in dollars style with the pricing's own currency. */
export function formatPrice(amount: number, currency = 'usd', language?: string): string {
  try {
    return numberFormat(localeOf(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** Venue, city and country; countryLabel names the country in the reader's language. */
export function venueLine(
  event: Pick<EventSummary, 'location'>,
  countryLabel: (country: string) => string = (country) => country,
): string {
  const { name, city, country } = event.location;
  return [name, city, country ? countryLabel(country) : null].filter(Boolean).join(', ');
}

/**
 * What a member's Going does (spec 4 and 5): a paid event's Going is a ticket purchase unless the
 * member already holds the seat or a paid ticket for it (whatever their answer now: maybe, not
 * going, waiting), then it is a plain answer the server takes; a paid event without any pricing
 * cannot be paid for.
 */
export function goingStep(
  event: Pick<EventSummary, 'isFree' | 'pricing' | 'userStatus'>,
  holdsTicket = false,
): 'answer' | 'pay' | 'noPricing' {
  if (event.isFree || event.userStatus === 'going' || holdsTicket) return 'answer';
  const priced = TICKET_TYPES.some((type) => event.pricing[type] !== undefined);
  return priced ? 'pay' : 'noPricing';
}
