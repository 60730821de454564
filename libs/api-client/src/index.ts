export { api, navigation, unwrap } from './client';
export { authApi, systemApi, usersApi } from './endpoints';
export { ApiRequestError, NetworkError, isApiRequestError, isNetworkError } from './errors';
export { TOKEN_KEY, USER_KEY, authStorage } from './authStorage';
export { getAppConfig, type AppConfig } from './runtimeConfig';
export { mediaCrossOrigin, mediaUrl, pageUrl } from './urls';
export { endsSessionOn401 } from './unauthorizedRule';
export { sendMultipart, type UploadPath } from './upload';
export { DirectoryErrorCode, ListingCategory, ListingStatus, ListingType } from './schema';
export {
  AuditAction,
  ContactEmailStatus,
  ContactMessageStatus,
  MemberStatus,
  UserRole,
} from './schema';
export {
  EnrollmentStatus,
  RegisterDtoCountry as Country,
  RegisterDtoInterests as Interest,
} from './schema';
export {
  ENROLLMENT_STATUSES,
  EVENT_CATEGORIES,
  LISTING_CATEGORIES,
  LISTING_TYPES,
  toEnrollmentStatus,
  TICKET_TYPES,
  type ArticleCategory,
  type EnrollmentStatusValue,
  type EventCategory,
  type TicketType,
} from './options';
export type * from './types';
export type { components, operations, paths } from './schema';
