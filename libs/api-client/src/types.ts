import type { components, ErrorCode } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['UserDto'];
export type SocialLinks = Schemas['SocialLinksDto'];
export type AuthResponse = Schemas['AuthResponseDto'];
export type LoginRequest = Schemas['LoginDto'];
export type RegisterRequest = Schemas['RegisterDto'];
export type UpdateProfileRequest = Schemas['UpdateProfileDto'];
export type UserList = Schemas['UserListDto'];
export type Health = Schemas['HealthDto'];
export type ApiRoot = Schemas['ApiRootDto'];

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
}
