// The part of react-i18next the front ends use, shared as the one `react-i18next` instance (a
// shared module is otherwise built whole); sharedEntries.test.ts checks every import is here.
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
