import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { english, englishOnDemand } from './english';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Messages } from './resources';

/** Local storage key of the language preference. */
export const LANGUAGE_KEY = 'language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The query parameter naming a page's language (`/events?lang=am`): the server lists each
 * language's URL as an hreflang alternate (backend/src/web/page-language.ts).
 */
export const LANGUAGE_PARAMETER = 'lang';

/** The language the page's address asks for, if it names one. */
function languageInAddress(): Language | undefined {
  if (typeof location === 'undefined') return undefined;
  const value = new URLSearchParams(location.search).get(LANGUAGE_PARAMETER);
  return isLanguage(value) ? value : undefined;
}

/** The address's language (then kept, as a choice in the picker is), else the stored one. */
export function storedLanguage(): Language {
  const asked = languageInAddress();
  if (asked) {
    if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, asked);
    return asked;
  }
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Texts of the languages not bundled with English, one chunk per language. */
const loaders: Partial<Record<string, () => Promise<Record<string, Messages>>>> = {
  am: () => import('./amharic').then((module) => module.amharic ?? {}),
};

/** Hands i18next a language's namespaces from its chunk (loaded once, on first use). */
const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders[language];
    if (!load) {
      const bundled = english?.[namespace];
      const onDemand = englishOnDemand[namespace];
      if (bundled || !onDemand) return callback(null, bundled ?? {});
      onDemand().then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error as Error, false),
      );
      return;
    }
    load().then(
      (messages) => callback(null, messages[namespace] ?? {}),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Every namespace: bundled English ones first, then those loaded on demand. */
export const NAMESPACES: readonly string[] = [
  ...Object.keys(english ?? {}),
  ...Object.keys(englishOnDemand),
];

/** The one i18next instance of the page (a federation singleton). */
export const i18n = i18next.createInstance();

void i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    resources: { en: english ?? {} },
    // English is in the bundle (its page-specific namespaces in chunks of their own); other
    // languages come from their chunk through the backend.
    partialBundledLanguages: true,
    ns: Object.keys(english ?? {}),
    defaultNS: 'common',
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    // Components draw again when a namespace arrives (the error texts, loaded on first use).
    react: { bindI18nStore: 'added' },
    initAsync: false,
  });
applyToDocument(i18n.language as Language);

/** Resolves once the current language's texts are there (at once for English). */
export function languageLoaded(): Promise<void> {
  return i18n.loadLanguages(i18n.language).then(() => undefined);
}

/**
 * Loads namespaces in the current language (and English as the fallback) before a page draws
 * with them: a page that draws first and loads after would show its loading state instead.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

/**
 * Starts loading the error texts (the `errors` namespace, the largest shared one) the first time
 * an error is shown rather than with every page. Until they arrive the server's msg stands in
 * (its English words are the English texts), and components draw again when they do.
 */
export function loadErrorTexts(): void {
  void errorTextsLoaded();
}

/** The texts of error codes in the current language, loaded once. */
export async function errorTextsLoaded(): Promise<void> {
  if (!i18n.hasLoadedNamespace('errors')) await i18n.loadNamespaces('errors');
}

/** Every namespace in every language: for tests and build-time rendering, never for a page. */
export async function loadAllTexts(): Promise<void> {
  await i18n.loadNamespaces([...NAMESPACES]);
  await i18n.loadLanguages([...LANGUAGES]);
}

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  applyToDocument(language);
  // Loads the language's chunk first, so the page switches in one go.
  await i18n.changeLanguage(language);
}
