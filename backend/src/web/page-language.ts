import { DEFAULT_LANGUAGE, isLanguage, Language } from '../common/language';

/**
 * The query parameter that opens a page in a language (`/events?lang=am`): the shell reads it
 * before local storage (libs/i18n), so each language has a URL crawlers can list as an alternate.
 */
export const LANGUAGE_PARAMETER = 'lang';

/** The language a page's URL asks for; the default language without (or with an unknown) one. */
export function pageLanguage(url: string): Language {
  const value = new URL(url, 'http://host').searchParams.get(LANGUAGE_PARAMETER);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The page at `path` in `language`, absolute: the default language has no parameter. */
export function pageUrl(publicUrl: string, path: string, language: Language): string {
  const url = new URL(path, `${publicUrl}/`);
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAMETER, language);
  return url.toString();
}

/** The page's hreflang alternates: each language, and the default language for any other. */
export function languageAlternates(
  publicUrl: string,
  path: string,
): Array<{ hreflang: string; href: string }> {
  return [
    ...Object.values(Language).map((language) => ({
      hreflang: language,
      href: pageUrl(publicUrl, path, language),
    })),
    { hreflang: 'x-default', href: pageUrl(publicUrl, path, DEFAULT_LANGUAGE) },
  ];
}

/** The query without the language parameter: what decides the lists a page's first view draws. */
export function queryBesidesLanguage(url: string): string {
  const query = new URL(url, 'http://host').searchParams;
  query.delete(LANGUAGE_PARAMETER);
  return query.toString();
}
