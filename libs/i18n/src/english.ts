import { buildResources, type Messages } from './resources';

/** The English texts, bundled: the default language draws without waiting. */
export const english = buildResources(
  import.meta.glob<{ default: Messages }>('./locales/en/*.json', { eager: true }),
).en;
