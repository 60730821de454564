import { getAllCountries, getTimezonesForCountry, type Timezone } from 'countries-and-timezones';
import { isTimeZone } from '../../common/validation/time-zone';

/**
 * Venues' time zones: which IANA names the API takes, and which zones a country's venues can be in
 * (tzdb's country table, through countries-and-timezones), so a one-zone country needs no choice.
 */

export { isTimeZone };

/** Names people write for countries whose tzdb name differs (event countries are free text). */
const COUNTRY_ALIASES: Record<string, string> = {
  'united states': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  uae: 'AE',
  russia: 'RU',
  'south korea': 'KR',
  'czech republic': 'CZ',
  'the netherlands': 'NL',
  holland: 'NL',
};

const COUNTRY_CODES = new Map<string, string>(
  Object.values(getAllCountries({ deprecated: true })).flatMap((country) => [
    [country.name.toLowerCase(), country.id],
    [country.id.toLowerCase(), country.id],
  ]),
);

/** The ISO code of a country as an event names it, or undefined. */
export function countryCode(country: string): string | undefined {
  const key = country.trim().toLowerCase();
  return COUNTRY_ALIASES[key] ?? COUNTRY_CODES.get(key);
}

const GEOGRAPHIC =
  /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//;

/**
 * The zones of a country: tzdb's zones whose first country it is, and the country's own names
 * for zones it shares (Africa/Addis_Ababa for Ethiopia, Europe/Stockholm for Sweden); other
 * spellings of a listed zone (Canada/Eastern, America/Montreal) are left out.
 */
function zonesOfCode(code: string): Timezone[] {
  const all = getTimezonesForCountry(code, { deprecated: true }) ?? [];
  const primary = all.filter((zone) => !zone.aliasOf && zone.countries[0] === code);
  const names = new Set(primary.map((zone) => zone.name));
  const own = all.filter(
    (zone) =>
      zone.aliasOf &&
      GEOGRAPHIC.test(zone.name) &&
      zone.countries.length === 1 &&
      !names.has(zone.aliasOf),
  );
  return [...primary, ...own]
    .filter((zone) => isTimeZone(zone.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The time zones a venue in `country` can be in, sorted; empty for a country not recognised. */
export function zonesOf(country: string): string[] {
  const code = countryCode(country);
  return code ? zonesOfCode(code).map((zone) => zone.name) : [];
}

/**
 * A country's one zone: when all its zones keep the same clock today (Germany's Busingen keeps
 * Berlin's), the first canonical one; undefined for a country of several clocks or unknown.
 */
export function soleZoneOf(country: string): string | undefined {
  const code = countryCode(country);
  if (!code) return undefined;
  const zones = zonesOfCode(code);
  if (!zones.length) return undefined;
  const [first] = zones;
  const sameClock = zones.every(
    (zone) => zone.utcOffset === first.utcOffset && zone.dstOffset === first.dstOffset,
  );
  if (!sameClock) return undefined;
  return (zones.find((zone) => !zone.aliasOf) ?? first).name;
}

/** Cities of many-zone countries that tzdb does not name a zone after. */
const CITY_ZONES: Record<string, Record<string, string>> = {
  US: {
    washington: 'America/New_York',
    'washington, d.c.': 'America/New_York',
    'washington dc': 'America/New_York',
    boston: 'America/New_York',
    atlanta: 'America/New_York',
    philadelphia: 'America/New_York',
    miami: 'America/New_York',
    dallas: 'America/Chicago',
    houston: 'America/Chicago',
    minneapolis: 'America/Chicago',
    'san francisco': 'America/Los_Angeles',
    'san jose': 'America/Los_Angeles',
    oakland: 'America/Los_Angeles',
    seattle: 'America/Los_Angeles',
    'las vegas': 'America/Los_Angeles',
  },
  CA: {
    ottawa: 'America/Toronto',
    montreal: 'America/Toronto',
    calgary: 'America/Edmonton',
  },
  AU: { canberra: 'Australia/Sydney' },
};

/**
 * The zone a venue's city is known to be in: a zone of the country named after it (Toronto,
 * Melbourne) or a known city; undefined when the city says nothing.
 */
export function cityZoneOf(country: string, city: string | null | undefined): string | undefined {
  const code = countryCode(country);
  if (!code || !city) return undefined;
  const key = city.trim().toLowerCase();
  const known = CITY_ZONES[code]?.[key];
  if (known) return known;
  return zonesOfCode(code).find(
    (zone) => zone.name.split('/').pop()?.replace(/_/g, ' ').toLowerCase() === key,
  )?.name;
}
