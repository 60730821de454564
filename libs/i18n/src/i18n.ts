import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, namespaces, resources, type Language } from './resources';

/** Local storage key of the language preference. */
export const LANGUAGE_KEY = 'language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The one i18next instance of the page (a federation singleton). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyToDocument(i18n.language as Language);

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  applyToDocument(language);
  await i18n.changeLanguage(language);
}
