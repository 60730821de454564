import { dateTimeFormat } from '../../common/intl/date-time-format';

/**
 * The instant of a venue's wall clock: an event's date and time are what the venue's clocks show,
 * in its IANA time zone, and every sort, "upcoming" and reminder reads the instant derived here.
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** What the zone's clocks show at `instant`, as milliseconds of a UTC calendar. */
function wallClockMs(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  const wallClock = dateTimeFormat('wall clock', 'en-US', zone, WALL_CLOCK);
  for (const part of wallClock.formatToParts(new Date(instant))) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: a literal's NaN is never read
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
export function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, zone) - whole;
}

/**
 * The instant at which the zone's clocks show `date` (YYYY-MM-DD) `time` (HH:MM). Across a
 * daylight-saving change: a time the clocks skip (spring forward) is read with the offset before
 * the change, so it lands as far past the change as it was meant to be after the skipped hour's
 * start (02:30 in Toronto's gap is 03:30 EDT); a time the clocks show twice (fall back) is the
 * first of the two, the earlier instant, so nobody arrives an hour late.
 */
export function venueInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // A day either side of the wall time brackets any change of offset near it.
  const before = offsetAt(wall - DAY, zone);
  const after = offsetAt(wall + DAY, zone);
  const fits = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockMs(instant, zone) === wall);
  if (fits.length) return new Date(Math.min(...fits));
  return new Date(wall - before);
}

/** The venue's calendar date (YYYY-MM-DD) at `instant`. */
export function venueDate(instant: Date, zone: string): string {
  return new Date(wallClockMs(instant.getTime(), zone)).toISOString().slice(0, 10);
}

/**
 * The venue's date and time in the API's `date` shape (YYYY-MM-DDTHH:MM:00.000Z, the spec's):
 * what the venue's clocks show, written as if UTC; `time` is the HH:MM as entered.
 */
export function venueDateTime(instant: Date, zone: string, time: string): string {
  return `${venueDate(instant, zone)}T${time}:00.000Z`;
}
