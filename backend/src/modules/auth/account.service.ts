import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { Transactions } from '../../db/transactions';
import { AuditAction } from '../audit/audit.actions';
import { MailService } from '../mail/mail.service';
import { userNotFound, UsersErrorCode } from '../users/users.errors';
import { UsersService } from '../users/users.service';
import { UserRow } from '../users/users.schema';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { AccountTokenPurpose } from './account-tokens.schema';
import { ChangeEmailDto, ChangePasswordDto, LinkSentDto, ResetPasswordDto } from './account.dto';
import { AuthResponseDto } from './auth.dto';
import { AuthErrorCode } from './auth.errors';
import { AuthService } from './auth.service';
import { LoginBackoff } from './login-backoff';
import { hashPassword } from './password';
import { passwordProblem, PASSWORD_TOO_WEAK_MSG } from './password-policy';

/** Reset emails one address may receive per hour, whoever asks (no mail-bombing a member). */
const RESETS_PER_ADDRESS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please ask for a new one.';
const EMAIL_LINK_INVALID = 'This link is invalid, has already been used or has expired.';
const GONE = 'Your account no longer exists';

/**
 * The sign-in lifecycle after registration: password reset, email verification, password and
 * email change, and ending sessions. Every change that must end sessions raises the account's
 * token version (see AuthService.resolveCaller).
 */
@Injectable()
export class AccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly tokens: AccountTokens,
    private readonly accountMail: AccountMail,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
    private readonly counters: RateLimitStore,
    private readonly backoff: LoginBackoff,
  ) {}

  /** Sends a reset link when the address has an active account; the caller learns nothing either way. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.blockedAt) return;
    const sent = await this.counters.incr(`reset-mail:${user.id}`, HOUR_MS, 0);
    if (sent.current > RESETS_PER_ADDRESS_PER_HOUR) return;
    await this.sendReset(user);
  }

  /** An admin sends a member the reset link (the member chooses the password; audited). */
  async adminSendReset(admin: AuthUser, id: string): Promise<void> {
    const user = await this.users.findById(id);
    if (!user) throw userNotFound();
    await this.transactions.run(async () => {
      await this.sendReset(user);
      await this.users.log(admin, AuditAction.USER_PASSWORD_RESET_SENT, user);
    });
  }

  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const link = await this.tokens.peek(AccountTokenPurpose.PASSWORD_RESET, dto.token);
    const user = link && (await this.users.findById(link.userId));
    if (!link || !user) {
      throw AppException.badRequest(RESET_LINK_INVALID, AuthErrorCode.RESET_LINK_INVALID);
    }
    // Checked before the link is used up, so a weak choice can be corrected with the same link.
    await this.assertStrong(dto.password, user, 'password');
    const passwordHash = await hashPassword(dto.password);
    await this.transactions.run(async () => {
      if (!(await this.tokens.consume(AccountTokenPurpose.PASSWORD_RESET, dto.token))) {
        throw AppException.badRequest(RESET_LINK_INVALID, AuthErrorCode.RESET_LINK_INVALID);
      }
      // The link reached this inbox, so the address is confirmed as well.
      await this.endSessions(user.id, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
    });
  }

  async resendVerification(caller: AuthUser): Promise<void> {
    const user = await this.require(caller.id);
    if (user.emailVerifiedAt) {
      throw AppException.conflict(
        'Your email address is already confirmed',
        AuthErrorCode.EMAIL_ALREADY_VERIFIED,
      );
    }
    await this.transactions.run(() => this.accountMail.verification(user));
  }

  async verifyEmail(token: string): Promise<void> {
    await this.transactions.run(async () => {
      const link = await this.tokens.consume(AccountTokenPurpose.EMAIL_VERIFICATION, token);
      if (!link)
        throw AppException.badRequest(EMAIL_LINK_INVALID, AuthErrorCode.EMAIL_LINK_INVALID);
      await this.users.update(link.userId, { emailVerifiedAt: new Date() });
    });
  }

  /** Ends every other session; the answer carries the one fresh token this device keeps. */
  async changePassword(caller: AuthUser, dto: ChangePasswordDto): Promise<AuthResponseDto> {
    const user = await this.require(caller.id);
    await this.assertCurrentPassword(user, dto.currentPassword);
    await this.assertStrong(dto.newPassword, user, 'newPassword');
    const passwordHash = await hashPassword(dto.newPassword);
    const updated = await this.transactions.run(async () => {
      const row = await this.endSessions(user.id, { passwordHash });
      await this.mail.send(
        'passwordChanged',
        user.email,
        { name: user.name, siteUrl: this.config.publicUrl },
        { language: user.language },
      );
      return row;
    });
    if (!updated) throw AppException.unauthorized(GONE);
    return this.auth.session(updated);
  }

  /**
   * Sends a confirmation link to the new address; nothing changes until it is opened. An account
   * without a password (signed up through a provider) is confirmed from its current address instead.
   */
  async requestEmailChange(caller: AuthUser, dto: ChangeEmailDto): Promise<LinkSentDto> {
    const user = await this.require(caller.id);
    if (user.passwordHash) await this.assertCurrentPassword(user, dto.currentPassword);
    if (dto.newEmail === user.email) {
      throw AppException.badRequest(
        'This is already your email address',
        AuthErrorCode.EMAIL_UNCHANGED,
      );
    }
    if (await this.users.findByEmail(dto.newEmail)) throw emailTaken();
    if (!user.passwordHash) {
      await this.transactions.run(() => this.accountMail.emailChangeAtCurrent(user, dto.newEmail));
      return {
        msg: `We sent a link to ${user.email}: open it to move your account to ${dto.newEmail}`,
      };
    }
    await this.transactions.run(() => this.accountMail.emailChange(user, dto.newEmail));
    return { msg: `We sent a confirmation link to ${dto.newEmail}` };
  }

  /**
   * Moves the account to the confirmed address, tells the old one, and ends every session. A link
   * opened at the current address (no password) leaves the new one to confirm itself: until then
   * it is unconfirmed, so no provider is linked to the account through it.
   */
  async confirmEmailChange(token: string): Promise<AuthResponseDto> {
    const updated = await this.transactions.run(async () => {
      const atNew = await this.tokens.consume(AccountTokenPurpose.EMAIL_CHANGE, token);
      const link =
        atNew ?? (await this.tokens.consume(AccountTokenPurpose.EMAIL_CHANGE_AT_CURRENT, token));
      const user = link?.newEmail && (await this.users.findById(link.userId));
      if (!link?.newEmail || !user) {
        throw AppException.badRequest(EMAIL_LINK_INVALID, AuthErrorCode.EMAIL_LINK_INVALID);
      }
      if (await this.users.findByEmail(link.newEmail)) throw emailTaken();
      const row = await this.endSessions(user.id, {
        email: link.newEmail,
        emailVerifiedAt: atNew ? new Date() : null,
      });
      if (row && !atNew) await this.accountMail.verification(row);
      // The old address no longer names the account, so its language is given here.
      await this.mail.send(
        'emailChanged',
        user.email,
        { name: user.name, newEmail: link.newEmail, siteUrl: this.config.publicUrl },
        { language: user.language },
      );
      return row;
    });
    if (!updated) throw AppException.unauthorized(GONE);
    return this.auth.session(updated);
  }

  /** Ends every session of the account, this one included. */
  async signOutEverywhere(caller: AuthUser): Promise<void> {
    await this.transactions.run(() => this.endSessions(caller.id, {}));
  }

  /**
   * Applies `values` and ends every session, with every pending emailed link: a reset, a password
   * change or signing out everywhere also stops an email change or reset someone else started.
   */
  private async endSessions(
    id: string,
    values: Parameters<UsersService['updateEndingSessions']>[1],
  ): Promise<UserRow | undefined> {
    const row = await this.users.updateEndingSessions(id, values);
    await this.tokens.revokeAll(id);
    return row;
  }

  private sendReset(user: UserRow): Promise<void> {
    return this.transactions.run(() => this.accountMail.passwordReset(user));
  }

  private async require(id: string): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw AppException.unauthorized(GONE);
    return user;
  }

  private async assertCurrentPassword(user: UserRow, password: string | undefined): Promise<void> {
    if (!password) {
      throw AppException.invalidField(
        'currentPassword',
        'Password is required',
        FieldErrorCode.REQUIRED,
      );
    }
    if (!(await this.backoff.checkPassword(user.email, user.passwordHash, password))) {
      const msg = 'Your current password is not correct';
      throw AppException.badRequest(msg, AuthErrorCode.CURRENT_PASSWORD_WRONG, [
        { field: 'currentPassword', msg, code: FieldErrorCode.INVALID },
      ]);
    }
  }

  private async assertStrong(password: string, user: UserRow, field: string): Promise<void> {
    if ((await passwordProblem(password, [user.name, user.email])) === 'too_weak') {
      throw AppException.badRequest(PASSWORD_TOO_WEAK_MSG, AuthErrorCode.PASSWORD_TOO_WEAK, [
        { field, msg: PASSWORD_TOO_WEAK_MSG, code: FieldErrorCode.INVALID },
      ]);
    }
  }
}

const emailTaken = () =>
  AppException.conflict('An account with this email already exists', UsersErrorCode.EMAIL_TAKEN);
