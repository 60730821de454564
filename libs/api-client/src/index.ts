export { api, navigation, unwrap } from './client';
export { authApi, paymentsApi, systemApi, usersApi } from './endpoints';
export { upload, type UploadOptions } from './upload';
export { ApiRequestError, NetworkError, isApiRequestError, isNetworkError } from './errors';
export { TOKEN_KEY, USER_KEY, authStorage } from './authStorage';
export { getAppConfig, type AppConfig } from './runtimeConfig';
export { endsSessionOn401 } from './unauthorizedRule';
export { Country, Interest } from './schema';
export { ErrorCode, FieldErrorCode } from './schema';
export {
  EVENT_CATEGORIES,
  RSVP_ANSWERS,
  TICKET_TYPES,
  type ArticleCategory,
  type EventCategory,
  type RsvpAnswer,
  type RsvpStatus,
  type TicketType,
} from './options';
export type * from './types';
export type { components, operations, paths } from './schema';
