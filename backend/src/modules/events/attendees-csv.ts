import { Language } from '../../common/language';
import type { DoorAttendeeDto } from './check-in.dto';

/** The header row and ticket type names in the admin's language (issue 39). */
const TEXTS: Record<Language, { header: string[]; types: Record<string, string> }> = {
  [Language.EN]: {
    header: ['Name', 'Email', 'Ticket type', 'Paid amount', 'Currency', 'Checked in at'],
    types: { general: 'General', student: 'Student', vip: 'VIP' },
  },
  [Language.AM]: {
    header: ['ስም', 'ኢሜይል', 'የትኬት አይነት', 'የተከፈለ መጠን', 'ምንዛሬ', 'የገባበት ጊዜ'],
    types: { general: 'መደበኛ', student: 'የተማሪ', vip: 'ቪአይፒ' },
  },
};

/**
 * RFC 4180 text; a value a spreadsheet would run as a formula (=, +, -, @) is kept as text with
 * a leading apostrophe (OWASP's CSV injection advice).
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The attendee list (going and checked in) as CSV with a BOM, so spreadsheets read UTF-8. */
export function attendeesCsv(attendees: DoorAttendeeDto[], language: Language): string {
  const texts = TEXTS[language];
  const rows = attendees.map((a) => [
    a.name,
    a.email,
    texts.types[a.ticketType] ?? a.ticketType,
    a.amount.toFixed(2),
    a.currency.toUpperCase(),
    a.checkedInAt ?? '',
  ]);
  return `\uFEFF${[texts.header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
