import { isCalendarDate } from './date.decorators';

describe('isCalendarDate', () => {
  it('accepts real days, with or without a time', () => {
    expect(isCalendarDate('2026-12-24')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-12-24T00:00:00.000Z')).toBe(true);
  });

  it('refuses impossible days and other shapes', () => {
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-12-24Tnonsense')).toBe(false);
    expect(isCalendarDate('24/12/2026')).toBe(false);
    expect(isCalendarDate(20261224)).toBe(false);
  });
});
