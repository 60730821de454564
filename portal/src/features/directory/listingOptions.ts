import { Country } from '@diaspora/api-client';

// The option lists of the directory's selects, from the generated API enums (never restated).
export { LISTING_CATEGORIES, LISTING_TYPES } from '@diaspora/api-client';
/** Spec 9's country list, as the server accepts it for a listing's address. */
export const COUNTRIES_LIST: readonly `${Country}`[] = Object.values(Country);
