import { dateFormat, intlLocale } from '@diaspora/i18n';

// The console's dates in the reader's language, as the portal shows them: the en-US formats of
// spec 9 in English, am-ET in Amharic.
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Mar 5, 2026": an instant, in the reader's time zone. */
export const formatDate = (iso: string, language: string) =>
  dateFormat(intlLocale(language), DATE).format(new Date(iso));

/** "Mar 5, 2026, 5:04 PM": moderation details, the inbox and the audit log. */
export const formatDateTime = (iso: string, language: string) =>
  dateFormat(intlLocale(language), DATE_TIME).format(new Date(iso));

/** A calendar day as entered (an event's date, a chart's day), so read in UTC. */
export const formatDay = (
  iso: string,
  language: string,
  options: Intl.DateTimeFormatOptions = DATE,
) => dateFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(new Date(iso));
