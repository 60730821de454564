import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppException } from '../errors/app-exception';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { AuthErrorCode } from '../../modules/auth/auth.errors';
import { JwtStrategy } from '../../modules/auth/jwt.strategy';
import { PROFILE_INCOMPLETE_MSG } from '../../modules/auth/complete-profile';
import { EMAIL_NOT_VERIFIED_MSG } from '../../modules/auth/verified-email';
import {
  ALLOWS_INCOMPLETE_PROFILE,
  AuthUser,
  IS_PUBLIC,
  isAdmin,
  REQUIRES_VERIFIED_EMAIL,
  Role,
  ROLES,
} from './auth.decorators';

type GuardedRequest = {
  headers: Record<string, unknown>;
  user?: AuthUser;
};

/** What a route's decorators ask of its callers. */
export interface RouteRules {
  isPublic: boolean;
  roles?: Role[];
  needsVerified: boolean;
  /** @BeforeProfileComplete: the member's own account and profile. */
  allowsIncompleteProfile: boolean;
}

/** Why a signed-in caller may not use a route with these rules, or undefined when they may. */
export function refusalOf(rules: RouteRules, user: AuthUser): AppException | undefined {
  if (rules.isPublic) return undefined;
  if (rules.roles?.length && !rules.roles.includes(user.role as Role)) {
    return AppException.forbidden('You need admin privileges to do this');
  }
  // Admins come from the configuration (ADMIN_EMAIL) with no country or profession to give.
  if (!rules.allowsIncompleteProfile && !user.profileComplete && !isAdmin(user)) {
    return AppException.forbidden(PROFILE_INCOMPLETE_MSG, AuthErrorCode.PROFILE_INCOMPLETE);
  }
  if (rules.needsVerified && !user.emailVerified) {
    return AppException.forbidden(EMAIL_NOT_VERIFIED_MSG, AuthErrorCode.EMAIL_NOT_VERIFIED);
  }
  return undefined;
}

/**
 * Global guard on Passport: every route needs a valid bearer token (the `jwt` strategy) unless
 * marked @Public; @Roles and @VerifiedEmail narrow further, and a member's incomplete profile
 * leaves only the routes marked @BeforeProfileComplete.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() implements CanActivate {
  /** Each route's rules, read from its metadata once (it never changes after boot). */
  private readonly rules = new WeakMap<object, Map<object, RouteRules>>();

  constructor(
    private readonly reflector: Reflector,
    strategy: JwtStrategy,
  ) {
    // This app's own strategy, by the name it registered under (see JwtStrategy).
    super({ defaultStrategy: strategy.name });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.rulesOf(context);
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    if (rules.isPublic) {
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
    const refusal = refusalOf(rules, request.user as AuthUser);
    if (refusal) throw refusal;
    return true;
  }

  /**
   * Passport's verdict: the caller, or the strategy's own error (a blocked account's 401 says why;
   * an outage is thrown as it is, a 503), else 401 (no token, a bad one, a gone account, an old version).
   */
  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw AppException.unauthorized('Please log in to continue');
    return user;
  }

  /** The handler's rules, by its class and its method (a method may be inherited by another class). */
  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    const controller = context.getClass();
    let ofClass = this.rules.get(controller);
    if (!ofClass) this.rules.set(controller, (ofClass = new Map()));
    let rules = ofClass.get(handler);
    if (!rules) {
      const targets = [handler, controller];
      rules = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true,
        roles: this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets),
        needsVerified:
          this.reflector.getAllAndOverride<boolean>(REQUIRES_VERIFIED_EMAIL, targets) === true,
        allowsIncompleteProfile:
          this.reflector.getAllAndOverride<boolean>(ALLOWS_INCOMPLETE_PROFILE, targets) === true,
      };
      ofClass.set(handler, rules);
    }
    return rules;
  }
}
