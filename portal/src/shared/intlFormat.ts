const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One date formatter per locale and options, built on first use: building one costs far more than
 * formatting with it, and a page of cards formats dozens of dates while it renders.
 */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
