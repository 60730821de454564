import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES = 'auth:roles';
export const MEMBER = 'auth:member';
/** Set by @VerifiedEmail() (modules/auth): the guard refuses callers with an unconfirmed email. */
export const REQUIRES_VERIFIED_EMAIL = 'auth:verifiedEmail';
/** Set by @BeforeProfileComplete() (modules/auth): a member whose profile lacks what the spec asks may call it. */
export const ALLOWS_INCOMPLETE_PROFILE = 'auth:incompleteProfile';

export type Role = 'admin';

/** The caller, as the guard resolved it from the bearer token. */
export interface AuthUser {
  id: string;
  role: string;
  name: string;
  email: string;
  /** Whether the caller confirmed their email address. */
  emailVerified: boolean;
  /** Whether the profile has what the spec asks of a member (country and profession). */
  profileComplete: boolean;
}

/** Guests may call this route; a valid token, when sent, still identifies the caller. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

// Every route states one access decision (@Public, @Member or @Roles); a unit test over the routes
// fails one that states none. Their 401/403 answers reach the document via openapi-errors.ts.

/** Signed-in callers with one of these roles only (plus bearer docs in Swagger). */
export const Roles = (...roles: Role[]) =>
  applyDecorators(SetMetadata(ROLES, roles), ApiBearerAuth());

/** Any signed-in member (what the guard also requires of a route with no decision). */
export const Member = () => applyDecorators(SetMetadata(MEMBER, true), ApiBearerAuth());

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<{ user?: AuthUser }>().user ?? undefined,
);

export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}
