import type { components, ErrorCode } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['UserDto'];
export type SocialLinks = Schemas['SocialLinksDto'];
export type AuthResponse = Schemas['AuthResponseDto'];
export type OidcProvider = Schemas['OidcProviderDto'];
export type SignInMethods = Schemas['SignInMethodsDto'];
export type AdminUser = Schemas['AdminUserDto'];
export type LoginRequest = Schemas['LoginDto'];
export type RegisterRequest = Schemas['RegisterDto'];
export type UpdateProfileRequest = Schemas['UpdateProfileDto'];
export type UserList = Schemas['UserListDto'];
export type Health = Schemas['HealthDto'];
export type ApiRoot = Schemas['ApiRootDto'];
export type Course = Schemas['CourseDto'];
export type CourseRequest = Schemas['CreateCourseDto'];
export type Enrollment = Schemas['EnrollmentDto'];
export type EnrollmentList = Schemas['EnrollmentListDto'];
export type EnrollRequest = Schemas['EnrollDto'];
export type EnrollmentStatusUpdate = Schemas['UpdateEnrollmentStatusDto'];
export type TeamMember = Schemas['TeamMemberDto'];
export type TeamMemberRequest = Schemas['CreateTeamMemberDto'];
export type TeamEducation = Schemas['TeamEducationDto'];
export type Notification = Schemas['NotificationDto'];
export type NotificationList = Schemas['NotificationListDto'];
export type NotificationPreference = Schemas['NotificationPreferenceStateDto'];
/** Issue 40: the choices per kind and the weekly digest. */
export type NotificationChoices = Schemas['NotificationPreferencesDto'];
export type NotificationPreferenceChange = Schemas['NotificationPreferenceDto'];

export type FieldError = Schemas['FieldError'];

/**
 * The one error shape of every API failure (the document's ErrorBody), read leniently: a proxy or
 * an older server may answer without a code, and spec 8 also reads `error` and `errors[].message`.
 */
export interface ApiErrorBody {
  statusCode?: number;
  msg?: string;
  code?: ErrorCode;
  error?: string;
  errors?: Array<Partial<FieldError> & { message?: string }>;
  /** On a 429: the seconds to wait. */
  retryAfter?: number;
}

export type Listing = Schemas['ListingDto'];
export type ListingList = Schemas['ListingListDto'];
export type Stats = Schemas['StatsDto'];
export type MyTicket = Schemas['MyTicketDto'];
