/**
 * A translation function: react-i18next's `t`, or i18next's fixed to a language. Two call forms,
 * as i18next 27 types them: a key alone, or a key with its options.
 */
export interface Translate {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}

/** A country as the API stores it (spec 9's English list), named in the reader's language. */
export const countryText = (country: string, t: Translate): string =>
  t(`common:countries.${country}`, { defaultValue: country });

/** Parts of one line (a place, a list of languages) joined as the reader's language writes them. */
export const listText = (parts: ReadonlyArray<string | null | undefined>, t: Translate): string =>
  parts.filter(Boolean).join(t('common:listSeparator', { defaultValue: ', ' }));
