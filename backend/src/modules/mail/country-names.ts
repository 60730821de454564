import { Language } from '../../common/language';

/** Short names people type for a country that are not the ICU English name. */
const ALIASES: Record<string, string> = {
  uae: 'AE',
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
};

let regionsByEnglishName: Map<string, string> | undefined;

/** Every region ICU names, by its English name in lower case (built once, on first use). */
function regionCodes(): Map<string, string> {
  if (regionsByEnglishName) return regionsByEnglishName;
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const map = new Map<string, string>(Object.entries(ALIASES));
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const name = english.of(code);
      if (name && name !== code) map.set(name.toLowerCase(), code);
    }
  }
  regionsByEnglishName = map;
  return map;
}

/**
 * A country, stored as its English name (free text on events), named in `language` through ICU
 * ("Canada" → "ካናዳ"); a name ICU does not know stays as written.
 */
export function countryName(name: string, language: Language): string {
  if (language === Language.EN) return name;
  const code = regionCodes().get(name.trim().toLowerCase());
  if (!code) return name;
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? name;
}
