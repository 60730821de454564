export { LANGUAGE_KEY, i18n, languageLoaded, setLanguage, storedLanguage } from './i18n';
export { DEFAULT_LANGUAGE, LANGUAGES, intlLocale, type Language, type Messages } from './resources';
