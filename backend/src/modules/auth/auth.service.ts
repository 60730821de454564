import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig, ConfigError } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { ResponseCache } from '../../common/cache/response-cache';
import { DEFAULT_LANGUAGE } from '../../common/language';
import { StartupLock } from '../../db/database.module';
import { Transactions } from '../../db/transactions';
import { MailService } from '../mail/mail.service';
import { toUserDto } from '../users/users.dto';
import { UserRow } from '../users/users.schema';
import { AccountMail } from './account-mail';
import { UsersService } from '../users/users.service';
import { AuthResponseDto, LoginDto, RegisterDto } from './auth.dto';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { AuthErrorCode } from './auth.errors';
import { LoginBackoff } from './login-backoff';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password';
import { ADMIN_PASSWORD_TOO_WEAK, passwordProblem, PASSWORD_TOO_WEAK_MSG } from './password-policy';

export interface TokenPayload {
  sub: string;
  /** The account's token version when issued; tokens from before versions existed count as 0. */
  ver?: number;
}

/** What the guard needs of an account, cached per account (see resolveCaller). */
interface Caller extends AuthUser {
  tokenVersion: number;
  blocked: boolean;
}

/** What the routes are told of a caller: the account, without the guard's own fields. */
function authUserOf({ id, role, name, email, emailVerified, profileComplete }: Caller): AuthUser {
  return { id, role, name, email, emailVerified, profileComplete };
}

const LOGIN_FAILED = 'Invalid email or password';
const BLOCKED = 'Your account has been blocked. Please contact us if you think this is a mistake.';

/** Registration, sign-in and the token that carries the session. */
@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AuthService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
    private readonly backoff: LoginBackoff,
    private readonly accountMail: AccountMail,
    private readonly cache: ResponseCache,
    private readonly startup: StartupLock,
  ) {}

  /**
   * ADMIN_EMAIL + ADMIN_PASSWORD create that admin at boot, or promote the existing account once
   * its address is confirmed. The password is checked against the policy and hashed only when the
   * account is created: every later start skips that second of work.
   */
  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword, adminName } = this.config;
    if (!adminEmail || !adminPassword) return;
    // Replicas starting together: one creates the account, the others find it.
    const admin = await this.startup.run(() =>
      this.users.ensureAdmin({
        email: adminEmail,
        name: adminName,
        passwordHash: async () => {
          if ((await passwordProblem(adminPassword)) === 'too_weak') {
            throw new ConfigError([ADMIN_PASSWORD_TOO_WEAK]);
          }
          return hashPassword(adminPassword);
        },
      }),
    );
    if (admin === 'unconfirmed') {
      this.logger.warn(
        `ADMIN_EMAIL ${adminEmail} names a member whose address is not confirmed: not made an admin (confirm the address from the member's inbox, then restart)`,
      );
      return;
    }
    this.logger.log(`admin account ${adminEmail} is ready`);
  }

  async register(dto: RegisterDto): Promise<AuthResponseDto> {
    if ((await passwordProblem(dto.password, [dto.name, dto.email])) === 'too_weak') {
      throw AppException.badRequest(PASSWORD_TOO_WEAK_MSG, AuthErrorCode.PASSWORD_TOO_WEAK, [
        { field: 'password', msg: PASSWORD_TOO_WEAK_MSG, code: FieldErrorCode.INVALID },
      ]);
    }
    const passwordHash = await hashPassword(dto.password);
    // The account and its welcome email commit together (the outbox relay sends it later).
    const user = await this.transactions.run(async () => {
      const created = await this.users.create({
        name: dto.name,
        email: dto.email,
        passwordHash,
        country: dto.country,
        profession: dto.profession,
        bio: dto.bio || null,
        interests: dto.interests ?? [],
        language: dto.language ?? DEFAULT_LANGUAGE,
      });
      await this.mail.send(
        'welcome',
        created.email,
        { name: created.name, siteUrl: this.config.publicUrl },
        { language: created.language },
      );
      await this.accountMail.verification(created);
      return created;
    });
    return this.session(user);
  }

  async login(dto: LoginDto): Promise<AuthResponseDto> {
    await this.backoff.assertAllowed(dto.email);
    const user = await this.users.findByEmail(dto.email);
    const valid = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      dto.password,
    );
    if (!user || !valid) {
      await this.backoff.failed(dto.email);
      throw AppException.unauthorized(LOGIN_FAILED, AuthErrorCode.INVALID_CREDENTIALS);
    }
    await this.backoff.succeeded(dto.email);
    // Told only after the password checks out, so the message reveals nothing to a stranger.
    if (user.blockedAt) throw AppException.forbidden(BLOCKED, AuthErrorCode.ACCOUNT_BLOCKED);
    return this.session(user);
  }

  /** A token for the account's current version, with the account as responses show it. */
  session(user: UserRow): AuthResponseDto {
    const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion };
    return { token: this.jwt.sign(payload), user: toUserDto(user) };
  }

  /**
   * Resolves a verified token's subject to the caller, or undefined when the account is gone or
   * the token predates its last version bump (reset, password or email change, sign-out
   * everywhere, block); a blocked account's tokens end at once with a 401 that says why.
   * It runs on every signed-in request, so it reads only the few columns it needs.
   */
  async resolveCaller(payload: TokenPayload): Promise<AuthUser | undefined> {
    // Through the shared read cache: every write (a block, a version bump, a role change, a
    // deletion) clears it on all replicas before its answer leaves, so the check is still "at once".
    const load = async (): Promise<Caller | undefined> => {
      const row = await this.users.findSession(payload.sub);
      return (
        row && {
          id: row.id,
          role: row.role,
          name: row.name,
          email: row.email,
          emailVerified: row.emailVerifiedAt !== null,
          profileComplete: row.country !== null && row.profession !== null,
          tokenVersion: row.tokenVersion,
          blocked: row.blockedAt !== null,
        }
      );
    };
    const key = `caller:${payload.sub}`;
    // Confirming an address is a write like the others, so it too clears the cached caller.
    const user = this.cache.peek<Caller>(key) ?? (await this.cache.get(key, load));
    if (!user) return undefined;
    if (user.blocked) throw AppException.unauthorized(BLOCKED, AuthErrorCode.ACCOUNT_BLOCKED);
    if ((payload.ver ?? 0) !== user.tokenVersion) return undefined;
    return authUserOf(user);
  }
}
