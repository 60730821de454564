import { describe, expect, it } from 'vitest';
import { formatEthiopianDate, formatLongDate, formatShortDate, formatTime12 } from './eventFormat';

const CHRISTMAS_EVE = '2026-12-24T18:30:00.000Z';

describe('event dates in the reader language', () => {
  it('keeps the English forms of spec 9', () => {
    expect(formatLongDate(CHRISTMAS_EVE, 'en')).toBe('Thursday, December 24, 2026');
    expect(formatShortDate(CHRISTMAS_EVE, 'en')).toBe('Dec 24, 2026');
    expect(formatTime12('18:30', 'en')).toBe('6:30 PM');
  });

  it('writes Amharic dates and times without Latin script', () => {
    for (const text of [
      formatLongDate(CHRISTMAS_EVE, 'am'),
      formatShortDate(CHRISTMAS_EVE, 'am'),
      formatTime12('18:30', 'am'),
    ]) {
      expect(text).toMatch(/[\u1200-\u137F]/u);
      expect(text).not.toMatch(/[A-Za-z]/);
    }
  });

  it('gives the same day in the Ethiopian calendar', () => {
    expect(formatEthiopianDate(CHRISTMAS_EVE)).toBe('15 ታኅሣሥ 2019');
  });
});
