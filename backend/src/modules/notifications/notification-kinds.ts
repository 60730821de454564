/** What a notification tells a member about (ADR 0060): one preference per kind. */
export enum NotificationKind {
  commentReply = 'comment_reply',
  listingApproved = 'listing_approved',
  listingRejected = 'listing_rejected',
  enrollmentStatus = 'enrollment_status',
  waitlistPromoted = 'waitlist_promoted',
  eventChanged = 'event_changed',
  eventCancelled = 'event_cancelled',
  eventReminder = 'event_reminder',
}

export const NOTIFICATION_KINDS = Object.values(NotificationKind);

/** How a kind is emailed: at once, gathered in the day's digest, or not at all. */
export enum EmailFrequency {
  immediately = 'immediately',
  daily = 'daily',
  never = 'never',
}

/**
 * Kinds whose email is transactional (a cancellation with its refund): it is always sent, carries
 * no unsubscribe link, and its email preference cannot be changed.
 */
export const TRANSACTIONAL_KINDS: ReadonlySet<NotificationKind> = new Set([
  NotificationKind.eventCancelled,
]);

export interface KindPreference {
  inPage: boolean;
  email: EmailFrequency;
}

/** What a member who never chose receives: everything, in the page and by email at once. */
export const DEFAULT_PREFERENCE: KindPreference = {
  inPage: true,
  email: EmailFrequency.immediately,
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return NOTIFICATION_KINDS.includes(value as NotificationKind);
}
