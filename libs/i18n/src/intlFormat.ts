const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * One formatter per kind, locale and options, built on first use: building one costs far more
 * than formatting with it, and a page of cards formats dozens of dates while it renders.
 */
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
