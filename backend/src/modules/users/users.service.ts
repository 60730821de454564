import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { KeyedBatches } from '../../common/concurrency/keyed-batches';
import { normaliseEmail } from '../../common/email';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AuditAction, AuditTargetType } from '../audit/audit.actions';
import { AuditService } from '../audit/audit.service';
import { toUserDto, UpdateProfileDto, UserDto, UserListQueryDto } from './users.dto';
import { userNotFound, UsersErrorCode } from './users.errors';
import { SessionRow, UsersRepository } from './users.repository';
import { IdentitiesRepository } from './identities.repository';
import { NewUserRow, UserRow } from './users.schema';
import type { OnceOnlyMark } from './users.repository';
import { UserRole } from './users.status';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { Language } from '../../common/language';
import { Transactions } from '../../db/transactions';
import { MediaService } from '../media/media.service';

/** The most accounts one session lookup reads (a bound on the query's parameters). */
const SESSION_BATCH_MAX = 500;

/** Shown when an author's account is gone. */
const UNKNOWN_AUTHOR = 'Admin';

/** Member accounts: lookups, profile edits, the admin's user list. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly audit: AuditService,
    private readonly media: MediaService,
    private readonly transactions: Transactions,
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.users.findById(id);
  }

  /**
   * The few columns the auth guard checks on every request. Looked up together while one lookup
   * runs: after a write clears the cached callers, a crowd of members (an RSVP storm) costs a few
   * queries rather than one each, which would queue for the pool.
   */
  findSession(id: string): Promise<SessionRow | undefined> {
    return this.sessions.submit('sessions', id);
  }

  private readonly sessions = new KeyedBatches<string, SessionRow | undefined>(
    async (_key, ids) => {
      const rows = new Map(
        (await this.users.findSessions([...new Set(ids)])).map((row) => [row.id, row]),
      );
      return ids.map((id) => ({ value: rows.get(id) }));
    },
    SESSION_BATCH_MAX,
  );

  /** Changes the account and ends every session it has (tokens carry the version this raises). */
  updateEndingSessions(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    return this.users.updateEndingSessions(id, values);
  }

  /** Plain account updates for the sign-in flows (verification), sessions kept. */
  update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    return this.users.update(id, values);
  }

  /** Display names of these accounts in one query; missing accounts are absent from the map. */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.users.namesByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Names and emails of these accounts in one query (listing owners); missing ones are absent. */
  async contactsByIds(ids: string[]): Promise<Map<string, { name: string; email: string }>> {
    const rows = await this.users.contactsByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
  }

  /** Bylines of these users; an account that is gone reads "Admin" (spec: news author default). */
  async authorNames(ids: string[]): Promise<Map<string, string>> {
    const names = await this.namesByIds(ids);
    return new Map(ids.map((id) => [id, names.get(id) ?? UNKNOWN_AUTHOR]));
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.users.findByEmail(email);
  }

  /** Creates the account, or throws 409 when the email (any case) is taken. */
  async create(values: NewUserRow): Promise<UserRow> {
    const row = await this.users.create(values);
    if (!row) {
      throw AppException.conflict(
        'An account with this email already exists',
        UsersErrorCode.EMAIL_TAKEN,
      );
    }
    return row;
  }

  async getProfile(id: string): Promise<UserDto> {
    const row = await this.users.findById(id);
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  async updateProfile(id: string, dto: UpdateProfileDto): Promise<UserDto> {
    const current = await this.users.findById(id);
    if (!current) throw AppException.unauthorized('Your account no longer exists');
    if (dto.email && normaliseEmail(dto.email) !== current.email) {
      throw AppException.invalidField(
        'email',
        'Email cannot be changed from the profile',
        FieldErrorCode.READ_ONLY,
      );
    }
    const blankToNull = (value: string | undefined) =>
      value === undefined ? undefined : value === '' ? null : value;
    const socialLinks = dto.socialLinks
      ? Object.fromEntries(Object.entries(dto.socialLinks).filter(([, url]) => url))
      : undefined;
    const row = await this.users.update(id, {
      name: dto.name,
      country: dto.country,
      profession: dto.profession,
      phone: blankToNull(dto.phone),
      bio: blankToNull(dto.bio),
      company: blankToNull(dto.company),
      jobTitle: blankToNull(dto.jobTitle),
      experience: blankToNull(dto.experience),
      education: blankToNull(dto.education),
      languages: dto.languages?.map((item) => item.trim()).filter(Boolean),
      skills: dto.skills?.map((item) => item.trim()).filter(Boolean),
      interests: dto.interests,
      socialLinks,
      language: dto.language,
      timeZone: blankToNull(dto.timeZone),
    });
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  /** The browser's time zone, set by the portal for a member who has none (the digest's hour). */
  async setTimeZone(id: string, timeZone: string): Promise<UserDto> {
    const row = await this.users.update(id, { timeZone });
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  /** The language picker, when signed in: emails follow it from now on. */
  async setLanguage(id: string, language: Language): Promise<UserDto> {
    const row = await this.users.update(id, { language });
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toUserDto(row);
  }

  /** The chosen languages of the accounts with these addresses (for the mail module). */
  async languagesOf(emails: string[]): Promise<Map<string, Language>> {
    const rows = await this.users.languagesOf(emails);
    return new Map(rows.map((row) => [row.email, row.language]));
  }

  /** Active admin accounts (an account deletion must leave at least one). */
  countAdmins(): Promise<number> {
    return this.users.countAdmins();
  }

  /** Deletes the account row; the other modules have erased their parts first (account module). */
  async deleteAccount(id: string): Promise<void> {
    const row = await this.users.delete(id);
    // A profile photo stored through the media module goes once the deletion commits.
    if (row?.profileImage) {
      const image = row.profileImage;
      Transactions.afterCommit(() => void this.media.removeUrls([image]).catch(() => undefined));
    }
  }

  async list(query: UserListQueryDto) {
    const window = pageWindow(query, 20);
    const { rows, total } = await this.users.list(query.search || undefined, window);
    const providers = await this.identities.providersOf(rows.map((row) => row.id));
    const withMethods = rows.map((row) => ({
      ...toUserDto(row),
      signInMethods: [...(row.passwordHash ? ['password'] : []), ...(providers.get(row.id) ?? [])],
    }));
    return paginated('users', withMethods, total, window);
  }

  /** Marks the member as approved (verified); approving twice changes nothing and logs nothing. */
  approve(admin: AuthUser, id: string): Promise<UserDto> {
    return this.markOnce(admin, id, 'approvedAt', AuditAction.USER_APPROVED);
  }

  /**
   * An admin vouches for the member's address (no email reached them, e.g. SMTP is not
   * configured); confirming twice changes nothing and logs nothing.
   */
  confirmEmail(admin: AuthUser, id: string): Promise<UserDto> {
    return this.markOnce(admin, id, 'emailVerifiedAt', AuditAction.USER_EMAIL_CONFIRMED);
  }

  /**
   * Sets a once-only mark on the member in the statement that checks it is not yet set, so two
   * admins at once log it once.
   */
  private async markOnce(
    admin: AuthUser,
    id: string,
    column: OnceOnlyMark,
    action: AuditAction,
  ): Promise<UserDto> {
    const target = await this.require(id);
    if (target[column]) return toUserDto(target);
    const row = await this.transactions.run(async () => {
      const marked = await this.users.markOnce(id, column);
      if (marked) await this.log(admin, action, target);
      return marked;
    });
    return toUserDto(row ?? (await this.require(id)));
  }

  /** Blocks sign-in and every token of the account at once; admins are demoted before blocking. */
  async block(admin: AuthUser, id: string): Promise<UserDto> {
    if (id === admin.id) {
      throw AppException.badRequest(
        'You cannot block your own account',
        UsersErrorCode.CANNOT_BLOCK_SELF,
      );
    }
    return this.amongAdmins(admin, async () => {
      const target = await this.require(id);
      if (target.role === UserRole.ADMIN) {
        throw AppException.badRequest(
          'Admins cannot be blocked; change their role to member first',
          UsersErrorCode.CANNOT_BLOCK_ADMIN,
        );
      }
      if (target.blockedAt) return toUserDto(target);
      // The version bump means lifting the block later does not revive the old tokens.
      const row = await this.users.updateEndingSessions(id, { blockedAt: new Date() });
      await this.log(admin, AuditAction.USER_BLOCKED, target);
      return toUserDto(row ?? target);
    });
  }

  async unblock(admin: AuthUser, id: string): Promise<UserDto> {
    const target = await this.require(id);
    if (!target.blockedAt) return toUserDto(target);
    const row = await this.transactions.run(async () => {
      const unblocked = await this.users.unblock(id);
      if (unblocked) await this.log(admin, AuditAction.USER_UNBLOCKED, target);
      return unblocked;
    });
    return toUserDto(row ?? (await this.require(id)));
  }

  /** Admins change others' roles only, so the last admin can never demote themselves. */
  async setRole(admin: AuthUser, id: string, role: UserRole): Promise<UserDto> {
    if (id === admin.id) {
      throw AppException.badRequest(
        'You cannot change your own role',
        UsersErrorCode.CANNOT_CHANGE_OWN_ROLE,
      );
    }
    return this.amongAdmins(admin, async () => {
      const target = await this.require(id);
      if (target.role === role) return toUserDto(target);
      // A blocked member made admin is unblocked: an admin account is never blocked.
      const row = await this.users.update(id, {
        role,
        ...(role === UserRole.ADMIN ? { blockedAt: null } : {}),
      });
      await this.log(admin, AuditAction.USER_ROLE_CHANGED, target, {
        from: target.role,
        to: role,
      });
      return toUserDto(row ?? target);
    });
  }

  /**
   * Work on the set of admins, one at a time across replicas, by an admin who still is one once
   * it is their turn: two admins demoting each other at once leave one admin, not none.
   */
  private amongAdmins<T>(admin: AuthUser, work: () => Promise<T>): Promise<T> {
    return this.withAdminsLocked(async () => {
      const caller = await this.users.findById(admin.id);
      if (caller?.role !== UserRole.ADMIN || caller.blockedAt) {
        throw AppException.forbidden('You need admin privileges to do this');
      }
      return work();
    });
  }

  /** Runs `work` holding the admins' lock (an admin deleting their own account counts them). */
  withAdminsLocked<T>(work: () => Promise<T>): Promise<T> {
    return this.transactions.run(async () => {
      await this.users.lockAdmins();
      return work();
    });
  }

  /** Addresses of the site's admins (active accounts), oldest first. */
  adminEmails(): Promise<string[]> {
    return this.users.adminEmails();
  }

  registrationsByDay(from: Date, to: Date) {
    return this.users.registrationsByDay(from, to);
  }

  private async require(id: string): Promise<UserRow> {
    const row = await this.users.findById(id);
    if (!row) throw userNotFound();
    return row;
  }

  /** Records an admin action on a member in the audit log. */
  log(admin: AuthUser, action: AuditAction, target: UserRow, details?: Record<string, string>) {
    return this.audit.record(admin, {
      action,
      target: {
        type: AuditTargetType.USER,
        id: target.id,
        label: `${target.name} <${target.email}>`,
      },
      details,
    });
  }

  /**
   * Makes sure the configured admin account exists and holds the admin role. `passwordHash` runs
   * only when the account is created (an existing one keeps its password). An existing account
   * whose address is not confirmed is left as it is ('unconfirmed'): anyone can register any
   * address, so only a confirmed one proves the operator's.
   */
  async ensureAdmin(values: {
    email: string;
    passwordHash: () => Promise<string>;
    name: string;
  }): Promise<'ready' | 'unconfirmed'> {
    const existing = await this.users.findByEmail(values.email);
    if (existing) {
      if (existing.role === 'admin' && !existing.blockedAt) return 'ready';
      if (!existing.emailVerifiedAt) return 'unconfirmed';
      await this.users.update(existing.id, { role: 'admin', blockedAt: null });
      return 'ready';
    }
    await this.users.create({
      email: values.email,
      name: values.name,
      passwordHash: await values.passwordHash(),
      // The operator chose this address in the configuration: nothing to confirm.
      emailVerifiedAt: new Date(),
      role: 'admin',
      country: 'Other',
      profession: 'Administrator',
    });
    return 'ready';
  }
}
