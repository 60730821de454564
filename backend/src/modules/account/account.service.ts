import { Injectable, Logger } from '@nestjs/common';
import { AccountDataRegistry, AccountOwner } from '../../common/account/account-data-registry';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { Transactions } from '../../db/transactions';
import { AccountMail } from '../auth/account-mail';
import { AccountTokens } from '../auth/account-tokens';
import { AccountTokenPurpose } from '../auth/account-tokens.schema';
import { LoginBackoff } from '../auth/login-backoff';
import { UsersService } from '../users/users.service';
import { UserRole } from '../users/users.status';
import { AccountErrorCode } from './account.errors';

/** The JSON file of "Export my data": one section per module that keeps something. */
export interface AccountExport {
  exportedAt: string;
  format: 'diaspora-account-export/1';
  [section: string]: unknown;
}

/** A member's own data: the export of everything kept about them, and deleting the account. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    private readonly users: UsersService,
    private readonly registry: AccountDataRegistry,
    private readonly transactions: Transactions,
    private readonly backoff: LoginBackoff,
    private readonly tokens: AccountTokens,
    private readonly accountMail: AccountMail,
  ) {}

  async export(caller: AuthUser): Promise<AccountExport> {
    const owner = await this.owner(caller.id);
    const file: AccountExport = {
      exportedAt: new Date().toISOString(),
      format: 'diaspora-account-export/1',
    };
    for (const source of this.registry.all()) {
      if (source.export) file[source.key] = await source.export(owner);
    }
    return file;
  }

  /**
   * Deletes the account once its password is confirmed; an account without a password is sent a
   * link to its address instead ('link-sent'), and opening it deletes (confirmDeletion).
   */
  async delete(caller: AuthUser, password: string | undefined): Promise<'deleted' | 'link-sent'> {
    const row = await this.users.findById(caller.id);
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    if (!row.passwordHash) {
      await this.transactions.run(() => this.accountMail.accountDeletion(row));
      return 'link-sent';
    }
    if (!password) {
      throw AppException.invalidField('password', 'Password is required', FieldErrorCode.REQUIRED);
    }
    // Counted with sign-in's wrong passwords: a stolen session cannot guess it from many addresses.
    if (!(await this.backoff.checkPassword(row.email, row.passwordHash, password))) {
      throw AppException.badRequest(
        'The password is not correct',
        AccountErrorCode.ACCOUNT_PASSWORD_INCORRECT,
      );
    }
    await this.erase(row);
    return 'deleted';
  }

  /** Opening the emailed link of a member without a password deletes the account (once). */
  async confirmDeletion(token: string): Promise<void> {
    await this.transactions.run(async () => {
      const link = await this.tokens.consume(AccountTokenPurpose.ACCOUNT_DELETION, token);
      const row = link && (await this.users.findById(link.userId));
      if (!row) {
        throw AppException.badRequest(
          'This link is invalid, has already been used or has expired.',
          AccountErrorCode.DELETION_LINK_INVALID,
        );
      }
      await this.erase(row);
    });
  }

  /**
   * Erases the account in one transaction: every module removes or anonymises its part, then the
   * account row goes. Files are removed once it commits; any failure leaves everything as it was.
   */
  private async erase(row: Parameters<typeof toOwner>[0]): Promise<void> {
    const owner = toOwner(row);
    // Counted under the admins' lock, in the deletion's transaction: two admins deleting their
    // accounts at once cannot both pass as "not the only one".
    await this.users.withAdminsLocked(async () => {
      const current = await this.users.findById(row.id);
      if (current?.role === UserRole.ADMIN && (await this.users.countAdmins()) <= 1) {
        throw AppException.conflict(
          'You are the only admin: make another member an admin before deleting your account',
          AccountErrorCode.LAST_ADMIN,
        );
      }
      for (const source of this.registry.all()) await source.erase(owner);
      await this.users.deleteAccount(owner.id);
    });
    this.logger.log(`account ${owner.id} deleted by its owner`);
  }

  private async owner(id: string): Promise<AccountOwner> {
    const row = await this.users.findById(id);
    if (!row) throw AppException.unauthorized('Your account no longer exists');
    return toOwner(row);
  }
}

function toOwner(row: {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  role: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}): AccountOwner {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    emailConfirmed: row.emailVerifiedAt !== null,
    createdAt: row.createdAt,
  };
}
