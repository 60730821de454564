import { dateTimeFormat } from './date-time-format';

describe('dateTimeFormat', () => {
  const options = { hour: 'numeric', minute: '2-digit' } as const;

  it('makes a formatter once per use, locale and zone, each in its own zone', () => {
    const newYork = dateTimeFormat('spec', 'en-US', 'America/New_York', options);
    expect(dateTimeFormat('spec', 'en-US', 'America/New_York', options)).toBe(newYork);
    const addis = dateTimeFormat('spec', 'en-US', 'Africa/Addis_Ababa', options);
    expect(addis).not.toBe(newYork);
    const noon = new Date('2026-12-12T12:00:00Z');
    expect(newYork.format(noon)).toBe('7:00 AM');
    expect(addis.format(noon)).toBe('3:00 PM');
    expect(dateTimeFormat('other', 'en-US', 'America/New_York', { hour: 'numeric' })).not.toBe(
      newYork,
    );
  });
});
