import { buildResources, type Messages } from './resources';

// A feature adds a namespace by adding locales/en/<ns>.json and locales/am/<ns>.json. Every
// language at once, for the checks only: no page imports this module, so no text file is
// statically in the bundle and each English namespace loads as one chunk (english.ts, amharic.ts).
export const resources = buildResources(
  import.meta.glob<{ default: Messages }>('./locales/*/*.json', { eager: true }),
);
