export { api, navigation, unwrap } from './client';
export { authApi, systemApi, usersApi } from './endpoints';
export { ApiRequestError, NetworkError, isApiRequestError, isNetworkError } from './errors';
export { TOKEN_KEY, USER_KEY, authStorage } from './authStorage';
export { getAppConfig, type AppConfig } from './runtimeConfig';
export { endsSessionOn401 } from './unauthorizedRule';
export {
  EnrollmentStatus,
  RegisterDtoCountry as Country,
  RegisterDtoInterests as Interest,
} from './schema';
export {
  ENROLLMENT_STATUSES,
  EVENT_CATEGORIES,
  toEnrollmentStatus,
  TICKET_TYPES,
  type ArticleCategory,
  type EnrollmentStatusValue,
  type EventCategory,
  type TicketType,
} from './options';
export type * from './types';
export type { components, operations, paths } from './schema';
