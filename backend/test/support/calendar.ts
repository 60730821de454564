import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';

/** The wall clock of an instant in a zone (24 h), as a guest there reads it. */
export const clockIn = (date: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);

/**
 * An email's iCalendar attachment, read as a calendar would: the part (its MIME method and file
 * name), its text, and its one event parsed with ical.js.
 */
export function calendarAttachment(parsed: ParsedMail) {
  const part = parsed.attachments.find((a) => a.contentType === 'text/calendar');
  if (!part) throw new Error('the email has no text/calendar attachment');
  const contentType = part.headers.get('content-type') as { params: Record<string, string> };
  const text = part.content.toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('the calendar file has no VEVENT');
  return {
    part,
    method: contentType.params.method,
    text,
    calendarMethod: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(vevent),
    url: vevent.getFirstPropertyValue('url'),
  };
}
