import { TICKET_TYPES } from '@diaspora/api-client';
import type { EventSummary } from './useEvents';

/** Active when isActive and not yet started (spec 4); RSVP is offered only then. */
export function isEventActive(event: Pick<EventSummary, 'isActive' | 'date'>, now = new Date()) {
  return event.isActive && new Date(event.date).getTime() >= now.getTime();
}

// Dates are stored as the entered date and time in UTC, so they are shown in UTC (en-US, spec 9).
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatLongDate = (iso: string) => LONG_DATE.format(new Date(iso));
export const formatShortDate = (iso: string) => SHORT_DATE.format(new Date(iso));

/** "18:30" → "6:30 PM". */
export function formatTime12(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** Prices are shown in dollars style with the pricing's own currency. */
export function formatPrice(amount: number, currency = 'usd'): string {
  try {
    return new Intl.NumberFormat('en-US', {
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
 * member already holds the seat, and a paid event without any pricing cannot be paid for.
 */
export function goingStep(
  event: Pick<EventSummary, 'isFree' | 'pricing' | 'userStatus'>,
): 'answer' | 'pay' | 'noPricing' {
  if (event.isFree || event.userStatus === 'going') return 'answer';
  const priced = TICKET_TYPES.some((type) => event.pricing[type] !== undefined);
  return priced ? 'pay' : 'noPricing';
}
