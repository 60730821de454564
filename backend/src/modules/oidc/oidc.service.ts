import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { OidcProviderConfig } from '../../config/oidc-providers';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { DEFAULT_LANGUAGE, Language } from '../../common/language';
import { Transactions } from '../../db/transactions';
import { AccountMail } from '../auth/account-mail';
import { AccountTokens } from '../auth/account-tokens';
import { AccountTokenPurpose } from '../auth/account-tokens.schema';
import { AuthResponseDto } from '../auth/auth.dto';
import { AuthErrorCode } from '../auth/auth.errors';
import { AuthService } from '../auth/auth.service';
import { MailService } from '../mail/mail.service';
import { IdentitiesRepository } from '../users/identities.repository';
import { UserRow } from '../users/users.schema';
import { UsersService } from '../users/users.service';
import { OidcAttemptSecrets, OidcClaims, OidcClients, OidcProviderError } from './oidc-clients';
import { SignInMethodsDto } from './oidc.dto';
import { OidcErrorCode, OidcProblem } from './oidc.errors';
import { cookieValue, SealedCookie } from './sealed-cookie';

/** What the browser carries from the start to the provider's answer. */
interface Attempt extends OidcAttemptSecrets {
  provider: string;
  /** Set when a signed-in member links a provider; absent for a sign-in. */
  linkTo?: string;
  language: Language;
}

/** What the browser carries from the answer to the SPA's exchange for a token. */
interface HandOff {
  userId: string;
  tokenVersion: number;
  /** A one-time token (account_tokens, stored hashed): the cookie is exchanged once, on any replica. */
  once: string;
}

export const ATTEMPT_COOKIE = 'oidc_attempt';
export const HANDOFF_COOKIE = 'oidc_handoff';
/** Both cookies go only to the OIDC routes. */
const COOKIE_PATH = '/api/auth/oidc';
/** Time to sign in at the provider. */
const ATTEMPT_SECONDS = 600;
/** Time for the SPA to load and exchange the hand-off. */
const HANDOFF_SECONDS = 120;

/** The end of a provider's answer: where the browser goes, with the cookies to set. */
export interface Outcome {
  location: string;
  cookies: string[];
}

/** Thrown inside finish(): the code the page shows. */
class Refusal extends Error {
  constructor(readonly code: OidcProblem) {
    super(code);
  }
}

/**
 * Sign-in with OpenID Connect providers (ADR 0051): starting an attempt, the provider's answer
 * (sign in, link, or create a member from verified claims), the hand-off to the SPA, and the
 * member's linked providers. A provider account is matched by its `sub`; an existing account is
 * linked by email only when the provider asserts the address as verified and the account's own
 * address is confirmed.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OidcService');
  private readonly attempts: SealedCookie<Attempt>;
  private readonly handOffs: SealedCookie<HandOff>;
  private readonly secure: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clients: OidcClients,
    private readonly identities: IdentitiesRepository,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly accountMail: AccountMail,
    private readonly transactions: Transactions,
    private readonly tokens: AccountTokens,
  ) {
    this.attempts = new SealedCookie(config.jwtSecret, 'oidc-attempt', ATTEMPT_SECONDS);
    this.handOffs = new SealedCookie(config.jwtSecret, 'oidc-handoff', HANDOFF_SECONDS);
    this.secure = config.publicUrl.startsWith('https:');
  }

  providers(): { id: string; name: string }[] {
    return this.clients.providers().map(({ id, name }) => ({ id, name }));
  }

  /** The provider's authorisation URL, and the cookie that binds the attempt to this browser. */
  async start(
    providerId: string,
    intent: 'sign-in' | 'link',
    caller: AuthUser | undefined,
    language: Language | undefined,
  ): Promise<{ url: string; cookie: string }> {
    const provider = this.requireProvider(providerId);
    if (intent === 'link' && !caller) throw AppException.unauthorized('Please log in to continue');
    let started: Awaited<ReturnType<OidcClients['authorizationUrl']>>;
    try {
      started = await this.clients.authorizationUrl(provider);
    } catch (error) {
      this.logger.warn(
        `${provider.id}: discovery failed: ${String((error as Error).cause ?? error)}`,
      );
      throw AppException.unavailable(
        `${provider.name} cannot be reached right now. Please try again later.`,
        OidcErrorCode.OIDC_PROVIDER_UNAVAILABLE,
      );
    }
    const attempt: Attempt = {
      ...started.secrets,
      provider: provider.id,
      language: language ?? DEFAULT_LANGUAGE,
      ...(intent === 'link' && caller ? { linkTo: caller.id } : {}),
    };
    return {
      url: started.url,
      cookie: this.cookie(ATTEMPT_COOKIE, this.attempts.seal(attempt), ATTEMPT_SECONDS),
    };
  }

  /**
   * The provider's answer. Never throws: every ending is a redirect, to the sign-in page (or the
   * profile, when linking) with the reason's code, or on to the SPA's hand-off.
   */
  async finish(providerId: string, answer: URL, cookieHeader: unknown): Promise<Outcome> {
    const attempt = this.attempts.open(cookieValue(cookieHeader, ATTEMPT_COOKIE));
    const clear = this.cookie(ATTEMPT_COOKIE, '', 0);
    const back = attempt?.linkTo ? '/profile' : '/login';
    try {
      const provider = this.requireProvider(providerId);
      const params = answer.searchParams;
      // The attempt must be this browser's, for this provider, with this state (no login CSRF).
      if (!attempt || attempt.provider !== provider.id || params.get('state') !== attempt.state) {
        throw new Refusal(OidcProblem.STATE_MISMATCH);
      }
      if (params.has('error')) throw new Refusal(OidcProblem.CONSENT_DENIED);
      const claims = await this.clients.claims(provider, answer, attempt);
      if (attempt.linkTo) {
        await this.link(attempt.linkTo, provider, claims);
        return { location: `/profile?oidcLinked=${provider.id}`, cookies: [clear] };
      }
      const user = await this.signIn(provider, claims, attempt.language);
      const once = await this.tokens.issue(user.id, AccountTokenPurpose.OIDC_HANDOFF);
      const handOff = this.handOffs.seal({
        userId: user.id,
        tokenVersion: user.tokenVersion,
        once,
      });
      return {
        location: '/login?oidc=signed-in',
        cookies: [clear, this.cookie(HANDOFF_COOKIE, handOff, HANDOFF_SECONDS)],
      };
    } catch (error) {
      const code = this.codeOf(error, providerId);
      return { location: `${back}?oidcError=${code}`, cookies: [clear] };
    }
  }

  /** The SPA's token for the member the provider's answer signed in: once, on any replica. */
  async exchange(cookieHeader: unknown): Promise<{ session: AuthResponseDto; cookie: string }> {
    const handOff = this.handOffs.open(cookieValue(cookieHeader, HANDOFF_COOKIE));
    // Used up here, before anything else: a copied or replayed cookie gets no second session.
    const redeemed = handOff
      ? await this.tokens.consume(AccountTokenPurpose.OIDC_HANDOFF, handOff.once)
      : undefined;
    const user =
      redeemed && redeemed.userId === handOff?.userId
        ? await this.users.findById(redeemed.userId)
        : undefined;
    if (!handOff || !user || user.tokenVersion !== handOff.tokenVersion) {
      throw AppException.unauthorized(
        'The sign-in did not finish. Please try again.',
        OidcErrorCode.OIDC_SESSION_MISSING,
      );
    }
    if (user.blockedAt) throw this.blocked();
    return { session: this.auth.session(user), cookie: this.cookie(HANDOFF_COOKIE, '', 0) };
  }

  async methods(userId: string): Promise<SignInMethodsDto> {
    const user = await this.users.findById(userId);
    if (!user) throw AppException.unauthorized('Your account no longer exists');
    const linked = await this.identities.listFor(userId);
    return {
      password: user.passwordHash !== null,
      identities: linked.map((row) => ({
        provider: row.provider,
        name: this.clients.provider(row.provider)?.name ?? row.provider,
        email: row.email,
        linkedAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** Unlinks a provider, unless it is the member's last way to sign in. */
  async unlink(userId: string, providerId: string): Promise<SignInMethodsDto> {
    const before = await this.methods(userId);
    if (!before.identities.some((one) => one.provider === providerId)) {
      throw AppException.notFound(
        'This sign-in method is not linked to your account',
        OidcErrorCode.OIDC_NOT_LINKED,
      );
    }
    if (!before.password && before.identities.length === 1) {
      throw AppException.conflict(
        'This is your only way to sign in. Set a password or link another account first.',
        OidcErrorCode.OIDC_LAST_SIGN_IN_METHOD,
      );
    }
    await this.identities.unlink(userId, providerId);
    return this.methods(userId);
  }

  /** The member this answer signs in: linked already, linked now by a verified address, or new. */
  private async signIn(
    provider: OidcProviderConfig,
    claims: OidcClaims,
    language: Language,
  ): Promise<UserRow> {
    const linkedId = await this.identities.userOf(provider.id, claims.subject);
    if (linkedId) return this.usable(await this.users.findById(linkedId));
    if (!claims.email) throw new Refusal(OidcProblem.EMAIL_MISSING);
    const existing = await this.users.findByEmail(claims.email);
    if (existing) {
      // An unverified claim never takes over an account, nor does a verified one take over an
      // account whose own address was never confirmed (someone else may have registered it).
      if (!claims.emailVerified || !existing.emailVerifiedAt) {
        throw new Refusal(OidcProblem.ACCOUNT_EXISTS);
      }
      this.usable(existing);
      await this.identities.link(this.identityOf(existing.id, provider, claims));
      return existing;
    }
    return this.create(provider, claims, claims.email, language);
  }

  /** A new member from the claims: country and profession are asked for next (profileComplete). */
  private create(
    provider: OidcProviderConfig,
    claims: OidcClaims,
    email: string,
    language: Language,
  ): Promise<UserRow> {
    return this.transactions.run(async () => {
      const created = await this.users.create({
        name: claims.name ?? email.split('@')[0],
        email,
        passwordHash: null,
        profileImage: claims.picture?.startsWith('https://') ? claims.picture : null,
        emailVerifiedAt: claims.emailVerified ? new Date() : null,
        language,
      });
      await this.identities.link(this.identityOf(created.id, provider, claims));
      await this.mail.send(
        'welcome',
        created.email,
        { name: created.name, siteUrl: this.config.publicUrl },
        { language: created.language },
      );
      // An address the provider did not vouch for is confirmed as a password member's is.
      if (!created.emailVerifiedAt) await this.accountMail.verification(created);
      return created;
    });
  }

  private async link(
    userId: string,
    provider: OidcProviderConfig,
    claims: OidcClaims,
  ): Promise<void> {
    const owner = await this.identities.userOf(provider.id, claims.subject);
    if (owner && owner !== userId) throw new Refusal(OidcProblem.IDENTITY_TAKEN);
    if (owner === userId) return;
    const linked = await this.identities.link(this.identityOf(userId, provider, claims));
    if (!linked) throw new Refusal(OidcProblem.ALREADY_LINKED);
  }

  private identityOf(userId: string, provider: OidcProviderConfig, claims: OidcClaims) {
    return { userId, provider: provider.id, subject: claims.subject, email: claims.email ?? null };
  }

  private usable(user: UserRow | undefined): UserRow {
    if (!user) throw new Refusal(OidcProblem.STATE_MISMATCH);
    if (user.blockedAt) throw new Refusal(OidcProblem.ACCOUNT_BLOCKED);
    return user;
  }

  private codeOf(error: unknown, providerId: string): OidcProblem {
    if (error instanceof Refusal) return error.code;
    if (error instanceof AppException) return OidcProblem.PROVIDER_UNKNOWN;
    if (error instanceof OidcProviderError) {
      this.logger.warn(`${providerId}: ${error.kind}: ${String(error.cause)}`);
      return error.kind === 'unavailable'
        ? OidcProblem.PROVIDER_UNAVAILABLE
        : OidcProblem.CODE_INVALID;
    }
    // Anything else (the database...) still ends on the page, logged for the operator.
    this.logger.error(`${providerId}: sign-in failed`, error as Error);
    return OidcProblem.PROVIDER_UNAVAILABLE;
  }

  private requireProvider(id: string): OidcProviderConfig {
    const provider = this.clients.provider(id);
    if (!provider) {
      throw AppException.notFound(
        'This sign-in provider is not configured',
        OidcErrorCode.OIDC_PROVIDER_UNKNOWN,
      );
    }
    return provider;
  }

  private blocked(): AppException {
    return AppException.forbidden(
      'Your account has been blocked. Please contact us if you think this is a mistake.',
      AuthErrorCode.ACCOUNT_BLOCKED,
    );
  }

  private cookie(name: string, value: string, maxAge: number): string {
    return [
      `${name}=${value}`,
      `Path=${COOKIE_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ].join('; ');
  }
}
