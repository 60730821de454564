import { ethiopicFontLoaded } from './ethiopicFont';
import { buildResources, type Messages } from './resources';

/** The Amharic texts: a chunk of their own, loaded only when a visitor reads Amharic. */
export const amharic = buildResources(
  import.meta.glob<{ default: Messages }>('./locales/am/*.json', { eager: true }),
).am;

// Whoever reads Amharic needs the Ethiopic font: it starts loading with the texts (the first
// Amharic visit's preload, as only the browser knows the stored language), and the texts are
// handed over once it is there, so the page switches language without drawing boxes.
await ethiopicFontLoaded();
