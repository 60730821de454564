import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './formatDate';

describe('the console dates', () => {
  // Noon UTC: the same calendar day in any time zone the tests run in.
  const noon = '2026-03-05T12:00:00.000Z';

  it('read as spec 9 shows them in English', () => {
    expect(formatDate(noon, 'en')).toBe('Mar 5, 2026');
    expect(formatDateTime(noon, 'en')).toMatch(/^Mar 5, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDay('2026-03-05', 'en', { month: 'short', day: 'numeric' })).toBe('Mar 5');
  });

  it('read in Amharic when the interface is', () => {
    expect(formatDate(noon, 'am')).toBe('ማርች 5 2026');
    expect(formatDateTime(noon, 'am')).toMatch(/^5 ማርች 2026 /);
    expect(formatDay('2026-03-05', 'am')).toBe('ማርች 5 2026');
  });

  it('keeps an entered day as entered, whatever the reader’s time zone', () => {
    expect(formatDay('2026-03-05T00:00:00.000Z', 'en')).toBe('Mar 5, 2026');
  });
});
