/** Language codes of the product; en is the default. */
export const LANGUAGES = ['en', 'am'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Messages = { [key: string]: string | Messages };
export type Resources = Record<string, Record<string, Messages>>;

/** Turns `./locales/<lang>/<namespace>.json` modules into i18next resources. */
export function buildResources(modules: Record<string, { default: Messages }>): Resources {
  const resources: Resources = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

const INTL_LOCALES: Record<Language, string> = { en: 'en-US', am: 'am-ET' };

/** The Intl locale for dates and numbers in a language (en-US as spec 9 shows them, am-ET). */
export function intlLocale(language?: string): string {
  const code = language?.slice(0, 2) as Language | undefined;
  return (code && INTL_LOCALES[code]) || INTL_LOCALES[DEFAULT_LANGUAGE];
}
