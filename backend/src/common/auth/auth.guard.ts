import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppException } from '../errors/app-exception';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { AuthErrorCode } from '../../modules/auth/auth.errors';
import { EMAIL_NOT_VERIFIED_MSG } from '../../modules/auth/verified-email';
import { AuthUser, IS_PUBLIC, REQUIRES_VERIFIED_EMAIL, Role, ROLES } from './auth.decorators';

/** Global guard: every route needs a valid token unless marked @Public; @Roles narrows further. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, unknown>; user?: AuthUser }>();
    if (isPublic) {
      // Guests pass; a caller who sends a token is still identified, a bad token counts as a guest.
      if (request.headers.authorization) {
        try {
          await super.canActivate(context);
        } catch (error) {
          // An outage is not a bad token: answer 503 rather than serve a signed-in caller as a guest.
          if (isDatabaseUnavailable(error)) throw error;
          request.user = undefined;
        }
      }
      return true;
    }
    await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles?.length && !roles.includes(request.user?.role as Role)) {
      throw AppException.forbidden('You need admin privileges to do this');
    }
    const needsVerified = this.reflector.getAllAndOverride<boolean>(
      REQUIRES_VERIFIED_EMAIL,
      targets,
    );
    if (needsVerified && !request.user?.emailVerified) {
      throw AppException.forbidden(EMAIL_NOT_VERIFIED_MSG, AuthErrorCode.EMAIL_NOT_VERIFIED);
    }
    return true;
  }

  override handleRequest<T = AuthUser>(error: unknown, user: T | false): T {
    // A database outage while loading the account is a 503, not a reason to sign the caller out.
    if (isDatabaseUnavailable(error)) throw error;
    // A refusal that says why (a blocked account) reaches the client as it is.
    if (error instanceof AppException) throw error;
    if (error || !user) {
      throw AppException.unauthorized('Please log in to continue');
    }
    return user;
  }
}
