import type { EnrollmentStatusValue } from '@diaspora/api-client';
import type { BadgeTone } from '@diaspora/ui';

/** How each status reads at a glance in the table. */
export const STATUS_TONES: Record<EnrollmentStatusValue, BadgeTone> = {
  pending: 'neutral',
  approved: 'primary',
  enrolled: 'primary',
  completed: 'accent',
  rejected: 'danger',
};

/** "Showing x to y of z results": the rows of this page, counted from 1. */
export function resultRange(page: number, limit: number, shown: number, total: number) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  return { from, to: from === 0 ? 0 : from + shown - 1, total };
}
