import { EventRow } from './events.schema';

/** How long a calendar entry lasts: the spec gives events a start only. */
const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 lines are at most 75 octets; longer ones continue on lines starting with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The event as a one-entry iCalendar file. Times are UTC instants (`Z`), derived from the venue's
 * wall clock and zone, so every calendar places them right; SEQUENCE grows with every change of
 * the event, so a calendar that imported it takes the new version.
 */
export function toIcs(
  event: EventRow,
  eventUrl: string,
  now = new Date(),
  { descriptionLimit }: { descriptionLimit?: number } = {},
): string {
  const description =
    descriptionLimit !== undefined && event.description.length > descriptionLimit
      ? `${event.description.slice(0, descriptionLimit).trimEnd()}…`
      : event.description;
  const location = [event.venueName, event.address, event.city, event.country]
    .filter(Boolean)
    .join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ethiopian Diaspora Network//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@events`,
    `DTSTAMP:${stamp(now)}`,
    `SEQUENCE:${event.sequence}`,
    `LAST-MODIFIED:${stamp(event.updatedAt)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(new Date(event.startsAt.getTime() + DEFAULT_DURATION_MS))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(location)}`,
    `URL:${eventUrl}`,
    `STATUS:${event.isActive ? 'CONFIRMED' : 'CANCELLED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The calendar file's name: the title's letters and digits, else `event.ics`. */
export function icsFilename(event: Pick<EventRow, 'title'>): string {
  const slug = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'event'}.ics`;
}
