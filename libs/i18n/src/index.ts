export {
  LANGUAGE_KEY,
  errorTextsLoaded,
  NAMESPACES,
  i18n,
  languageLoaded,
  loadAllTexts,
  loadErrorTexts,
  loadNamespaces,
  setLanguage,
  storedLanguage,
} from './i18n';
export { dateFormat, numberFormat } from './intlFormat';
export { DEFAULT_LANGUAGE, LANGUAGES, intlLocale, type Language, type Messages } from './resources';
