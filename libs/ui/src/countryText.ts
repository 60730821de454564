type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A country as the API stores it (spec 9's English list), named in the reader's language. */
export const countryText = (country: string, t: Translate): string =>
  t(`auth:countries.${country}`, { defaultValue: country });
