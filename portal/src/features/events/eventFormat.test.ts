import { describe, expect, it } from 'vitest';
import {
  formatEthiopianDate,
  formatLongDate,
  formatReaderTime,
  formatShortDate,
  formatTime12,
  formatVenueTime,
  isEventActive,
} from './eventFormat';

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

describe("an event's time in its venue's zone and the reader's", () => {
  // 18:00 in Toronto on 5 December 2030 (EST, UTC-5).
  const toronto = { startsAt: '2030-12-05T23:00:00.000Z', timeZone: 'America/Toronto' };

  it("shows the venue's clock with its zone", () => {
    expect(formatVenueTime(toronto, 'en')).toBe('6:00 PM EST · Toronto');
    expect(formatVenueTime({ ...toronto, timeZone: 'UTC' }, 'en')).toBe('11:00 PM UTC');
    // Amharic: no Latin abbreviation or city, the zone named in Amharic.
    expect(formatVenueTime(toronto, 'am')).toContain('ቶሮንቶ');
    expect(formatVenueTime(toronto, 'am')).not.toMatch(/[A-Za-z]/);
  });

  it("adds the reader's own time when their clock differs", () => {
    expect(formatReaderTime(toronto, 'en', 'Europe/Berlin')).toBe('Fri, Dec 6, 12:00 AM GMT+1');
    expect(formatReaderTime(toronto, 'en', 'America/Toronto')).toBeUndefined();
    // Another zone keeping the same clock (New York) reads the same: nothing to add.
    expect(formatReaderTime(toronto, 'en', 'America/New_York')).toBeUndefined();
    expect(formatReaderTime(toronto, 'am', 'Europe/Berlin')).toMatch(/[\u1200-\u137F]/u);
    expect(formatReaderTime(toronto, 'am', 'UTC')).not.toMatch(/[A-Za-z]/);
  });

  it('tells upcoming by the instant', () => {
    const now = new Date('2030-12-05T22:59:00.000Z');
    expect(isEventActive({ isActive: true, ...toronto }, now)).toBe(true);
    expect(isEventActive({ isActive: true, ...toronto }, new Date('2030-12-05T23:01:00Z'))).toBe(
      false,
    );
  });
});
