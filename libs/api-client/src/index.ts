export { api, navigation, unwrap } from './client';
export { FIRST_DATA_ID, firstDataKey } from './firstData';
export {
  accountApi,
  authApi,
  notificationsApi,
  oidcApi,
  paymentsApi,
  systemApi,
  timeZoneApi,
  usersApi,
} from './endpoints';
export {
  parseBlock,
  readNotificationStream,
  type NotificationStreamEvent,
} from './notificationStream';
export { upload, type UploadOptions } from './upload';
export {
  ApiRequestError,
  beforeErrorAnswer,
  NetworkError,
  isApiRequestError,
  isNetworkError,
} from './errors';
export { TOKEN_KEY, USER_KEY, authStorage } from './authStorage';
export { getAppConfig, type AppConfig } from './runtimeConfig';
export { mediaCrossOrigin, mediaUrl, pageUrl } from './urls';
export { endsSessionOn401 } from './unauthorizedRule';
export { ListingCategory, ListingStatus, ListingType } from './schema';
export { Country, Interest } from './schema';
export { ErrorCode, FieldErrorCode } from './schema';
export {
  AuditAction,
  ContactEmailStatus,
  ContactMessageStatus,
  MemberStatus,
  UserRole,
} from './schema';
export { EnrollmentStatus, Language, NewsCategory, OidcIntent } from './schema';
export { EmailFrequency, NotificationKind } from './schema';
export {
  ENROLLMENT_STATUSES,
  EVENT_CATEGORIES,
  LISTING_CATEGORIES,
  LISTING_TYPES,
  oneOf,
  RSVP_ANSWERS,
  toArticleCategory,
  toCountry,
  toEnrollmentStatus,
  toEventCategory,
  toListingCategory,
  toLanguage,
  toListingType,
  toRsvpAnswer,
  TICKET_TYPES,
  type ArticleCategory,
  type ContentType,
  type EnrollmentStatusValue,
  type EventCategory,
  type RsvpAnswer,
  type RsvpStatus,
  type TicketType,
  type UserReaction,
} from './options';
export type * from './types';
export type { components, operations, paths } from './schema';
export type {
  CheckInAnswer,
  CheckInCounts,
  CheckInResult,
  CheckInSyncAnswer,
  DoorAttendee,
  DoorEvent,
  DoorList,
  DoorStaff,
  EntryTicket,
  SyncedCheckIn,
  SyncedCheckInResult,
} from './checkIn';
