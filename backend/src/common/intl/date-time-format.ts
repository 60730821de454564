const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter made once per use, locale and time zone: making one costs about thirty times
 * what using it does (95 µs against 3.5 µs for an event's time in an email). `use` names the
 * options, which are the same for every call of one use.
 */
export function dateTimeFormat(
  use: string,
  locale: string,
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Intl.DateTimeFormat {
  const key = `${use} ${locale} ${timeZone}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
