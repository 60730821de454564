import { buildResources, type Messages } from './resources';

/** The Amharic texts: a chunk of their own, loaded only when a visitor reads Amharic. */
export const amharic = buildResources(
  import.meta.glob<{ default: Messages }>('./locales/am/*.json', { eager: true }),
).am;
