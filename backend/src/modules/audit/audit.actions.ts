/** Every admin action the audit log records; a module adds its own actions here. */
export enum AuditAction {
  USER_APPROVED = 'USER_APPROVED',
  USER_BLOCKED = 'USER_BLOCKED',
  USER_UNBLOCKED = 'USER_UNBLOCKED',
  USER_ROLE_CHANGED = 'USER_ROLE_CHANGED',
  USER_PASSWORD_RESET_SENT = 'USER_PASSWORD_RESET_SENT',
  USER_EMAIL_CONFIRMED = 'USER_EMAIL_CONFIRMED',
  CONTACT_MESSAGE_STATUS_CHANGED = 'CONTACT_MESSAGE_STATUS_CHANGED',
  /** Issue 39: a member named, or no longer, door staff of one event. */
  DOOR_STAFF_ADDED = 'DOOR_STAFF_ADDED',
  DOOR_STAFF_REMOVED = 'DOOR_STAFF_REMOVED',
  /** Issue 38: a failed email put back in the outbox from the System view. */
  EMAIL_RETRIED = 'EMAIL_RETRIED',
}

/** The kinds of item an action is about. */
export enum AuditTargetType {
  USER = 'user',
  CONTACT_MESSAGE = 'contact_message',
  EMAIL = 'email',
}
