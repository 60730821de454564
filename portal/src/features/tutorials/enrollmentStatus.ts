import type { BadgeTone } from '@diaspora/ui';
import type { EnrollmentStatusValue } from '@diaspora/api-client';

/** How each status reads at a glance, on the member's list and in the admin table alike. */
export const STATUS_TONES: Record<EnrollmentStatusValue, BadgeTone> = {
  pending: 'neutral',
  approved: 'primary',
  enrolled: 'primary',
  completed: 'accent',
  rejected: 'danger',
};

/** Spec section 9: dates in en-US formats. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
