import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES = 'auth:roles';

export type Role = 'admin';

/** The caller, as the guard resolved it from the bearer token. */
export interface AuthUser {
  id: string;
  role: string;
  name: string;
  email: string;
}

/** Guests may call this route; a valid token, when sent, still identifies the caller. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Signed-in callers with one of these roles only (plus bearer docs in Swagger). */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES, roles),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not signed in' }),
    ApiForbiddenResponse({ description: 'Not allowed for this role' }),
  );

/** Any signed-in member (the default for every route not marked @Public). */
export const Member = () =>
  applyDecorators(ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'Not signed in' }));

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<{ user?: AuthUser }>().user ?? undefined,
);

export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}
