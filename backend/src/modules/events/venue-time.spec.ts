import { offsetAt, venueDate, venueDateTime, venueInstant } from './venue-time';
import { cityZoneOf, isTimeZone, soleZoneOf, zonesOf } from './venue-zones';

const at = (date: string, time: string, zone: string) =>
  venueInstant(date, time, zone).toISOString();

describe('venueInstant: the wall clock of a venue read in its zone', () => {
  it('reads ordinary times with the offset of the day', () => {
    expect(at('2026-12-24', '18:00', 'America/Toronto')).toBe('2026-12-24T23:00:00.000Z');
    expect(at('2026-07-01', '18:00', 'America/Toronto')).toBe('2026-07-01T22:00:00.000Z');
    expect(at('2026-12-24', '18:30', 'Africa/Addis_Ababa')).toBe('2026-12-24T15:30:00.000Z');
    expect(at('2026-12-24', '19:00', 'Australia/Melbourne')).toBe('2026-12-24T08:00:00.000Z');
    expect(at('2026-12-24', '10:00', 'UTC')).toBe('2026-12-24T10:00:00.000Z');
  });

  describe('America/Toronto', () => {
    it('spring forward (8 March 2026, 02:00 → 03:00): a skipped time moves past the gap', () => {
      expect(at('2026-03-08', '01:59', 'America/Toronto')).toBe('2026-03-08T06:59:00.000Z');
      // 02:30 does not exist: read with EST, it is 07:30Z, which the clocks show as 03:30 EDT.
      expect(at('2026-03-08', '02:30', 'America/Toronto')).toBe('2026-03-08T07:30:00.000Z');
      expect(at('2026-03-08', '03:00', 'America/Toronto')).toBe('2026-03-08T07:00:00.000Z');
    });

    it('fall back (1 November 2026, 02:00 → 01:00): a time shown twice is the first', () => {
      expect(at('2026-11-01', '00:59', 'America/Toronto')).toBe('2026-11-01T04:59:00.000Z');
      // 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST): the first.
      expect(at('2026-11-01', '01:30', 'America/Toronto')).toBe('2026-11-01T05:30:00.000Z');
      expect(at('2026-11-01', '02:00', 'America/Toronto')).toBe('2026-11-01T07:00:00.000Z');
    });
  });

  describe('Australia/Melbourne (southern hemisphere)', () => {
    it('spring forward (4 October 2026, 02:00 → 03:00)', () => {
      expect(at('2026-10-04', '01:30', 'Australia/Melbourne')).toBe('2026-10-03T15:30:00.000Z');
      expect(at('2026-10-04', '02:30', 'Australia/Melbourne')).toBe('2026-10-03T16:30:00.000Z');
      expect(at('2026-10-04', '03:30', 'Australia/Melbourne')).toBe('2026-10-03T16:30:00.000Z');
    });

    it('fall back (5 April 2026, 03:00 → 02:00): the first 02:30 (AEDT)', () => {
      expect(at('2026-04-05', '02:30', 'Australia/Melbourne')).toBe('2026-04-04T15:30:00.000Z');
      expect(at('2026-04-05', '03:30', 'Australia/Melbourne')).toBe('2026-04-04T17:30:00.000Z');
    });
  });

  it('builds one formatter per zone and reuses it', () => {
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      at('2026-12-24', '18:00', 'Asia/Tokyo');
      at('2026-12-25', '18:00', 'Asia/Tokyo');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('reads the date part of a full ISO date as the calendar day', () => {
    expect(at('2026-12-24T00:00:00.000Z', '18:00', 'America/Toronto')).toBe(
      '2026-12-24T23:00:00.000Z',
    );
  });

  it("writes the venue's date and time in the API's date shape", () => {
    // 19:00 in Melbourne on Christmas Eve is 08:00 UTC the same day; 06:00 is still the 23rd in UTC.
    const early = venueInstant('2026-12-24', '06:00', 'Australia/Melbourne');
    expect(venueDateTime(early, 'Australia/Melbourne', '06:00')).toBe('2026-12-24T06:00:00.000Z');
    expect(venueDateTime(early, 'UTC', '06:00')).toBe('2026-12-23T06:00:00.000Z');
  });

  it('gives the venue its date back from the instant', () => {
    const instant = venueInstant('2026-12-24', '19:00', 'Australia/Melbourne');
    expect(venueDate(instant, 'Australia/Melbourne')).toBe('2026-12-24');
    expect(venueDate(instant, 'UTC')).toBe('2026-12-24');
    expect(venueDate(venueInstant('2026-12-24', '06:00', 'Australia/Melbourne'), 'UTC')).toBe(
      '2026-12-23',
    );
    expect(offsetAt(instant.getTime(), 'Australia/Melbourne')).toBe(11 * 3600 * 1000);
  });
});

describe('venue zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('Africa/Addis_Ababa')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('america/toronto')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
  });

  it('gives a one-zone country its zone and a many-zone country none', () => {
    expect(soleZoneOf('Ethiopia')).toBe('Africa/Addis_Ababa');
    expect(soleZoneOf('Germany')).toBe('Europe/Berlin');
    expect(soleZoneOf('United Kingdom')).toBe('Europe/London');
    expect(soleZoneOf('UAE')).toBe('Asia/Dubai');
    for (const country of ['Canada', 'United States', 'Australia', 'Brazil', 'Russia', 'Mexico'])
      expect(soleZoneOf(country)).toBeUndefined();
    expect(soleZoneOf('Other')).toBeUndefined();
  });

  it("lists a country's zones and knows cities' zones", () => {
    expect(zonesOf('Canada')).toEqual(
      expect.arrayContaining(['America/Toronto', 'America/Vancouver', 'America/Halifax']),
    );
    expect(zonesOf('Canada')).not.toContain('Canada/Eastern');
    expect(cityZoneOf('Canada', 'Toronto')).toBe('America/Toronto');
    expect(cityZoneOf('United States', 'Washington')).toBe('America/New_York');
    expect(cityZoneOf('Australia', ' melbourne ')).toBe('Australia/Melbourne');
    expect(cityZoneOf('Canada', 'Nowhere')).toBeUndefined();
  });
});
