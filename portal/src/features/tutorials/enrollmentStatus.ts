import type { EnrollmentStatusValue } from '@diaspora/api-client';
import { dateFormat, intlLocale } from '@diaspora/i18n';
import type { BadgeTone } from '@diaspora/ui';

/** How each status reads at a glance, on the member's list and in the admin table alike. */
export const STATUS_TONES: Record<EnrollmentStatusValue, BadgeTone> = {
  pending: 'neutral',
  approved: 'primary',
  enrolled: 'primary',
  completed: 'accent',
  rejected: 'danger',
};

const APPLIED: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/**
 * Dates in the reader's language, as news and events show them (en-US formats of spec 9 in English).
 * Not events' formatShortDate: an application's date is an instant, shown in the reader's time zone,
 * where an event's is its entered wall time, kept in UTC.
 */
export const formatDate = (iso: string, language?: string) =>
  dateFormat(intlLocale(language), APPLIED).format(new Date(iso));
