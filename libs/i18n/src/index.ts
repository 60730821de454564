export { LANGUAGE_KEY, i18n, setLanguage, storedLanguage } from './i18n';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  buildResources,
  intlLocale,
  namespaces,
  resources,
  type Language,
  type Messages,
} from './resources';
