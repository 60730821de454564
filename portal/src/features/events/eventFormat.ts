import { TICKET_TYPES } from '@diaspora/api-client';
import { dateFormat, numberFormat, intlLocale } from '@diaspora/i18n';
import type { EventSummary } from './useEvents';

/** Active when isActive and not yet started (spec 4); RSVP is offered only then. */
export function isEventActive(event: Pick<EventSummary, 'isActive' | 'date'>, now = new Date()) {
  return event.isActive && new Date(event.date).getTime() >= now.getTime();
}

// Dates are stored as the entered date and time in UTC, so they are shown in UTC, in the reader's
// language (en-US as spec 9 shows them, am-ET in Amharic).
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
