import { Global, Injectable, Module } from '@nestjs/common';
import type { Table } from '../../db/tables';

/** The member whose data is exported or erased, as the account held it. */
export interface AccountOwner {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  role: string;
  /**
   * The current address is confirmed (a link sent to it was opened, or it was set confirmed):
   * sources that find rows by address (mail, contact) only take them as the member's then.
   */
  emailConfirmed: boolean;
  /** When the account was created: mail to its address from before was someone else's. */
  createdAt: Date;
}

/**
 * The export section of a source that finds rows by address while the address is unconfirmed:
 * `foundBy` says how ("Emails are found by the address they were sent to").
 */
export function withheldUntilConfirmed(foundBy: string) {
  return {
    withheld: true,
    reason: `${foundBy}, so they are included once you have confirmed that your email address is yours.`,
  };
}

export interface AccountDataSource {
  /** The export's section this source fills, e.g. `rsvps`; also names it in logs. */
  key: string;
  /**
   * The tables whose member rows this source exports and erases: account-data.coverage.spec.ts
   * fails when a table that points at a member is in no source's list.
   */
  tables: readonly Table[];
  /** Everything this module holds about the member, ready for JSON (absent: nothing to give). */
  export?(owner: AccountOwner): Promise<unknown>;
  /**
   * Removes or anonymises it. Runs inside the deletion's one transaction, before the account row
   * goes; files are removed with `Transactions.afterCommit` so a rollback keeps them.
   */
  erase(owner: AccountOwner): Promise<void>;
}

/**
 * A member's data export and account deletion, without the account module reading other
 * modules' tables: each module that keeps something about a member registers here in
 * onModuleInit (like the content and activity registries), and both features ask them all.
 */
@Injectable()
export class AccountDataRegistry {
  private readonly sources = new Map<string, AccountDataSource>();

  register(source: AccountDataSource): void {
    if (this.sources.has(source.key))
      throw new Error(`account data "${source.key}" registered twice`);
    this.sources.set(source.key, source);
  }

  all(): AccountDataSource[] {
    return [...this.sources.values()];
  }
}

@Global()
@Module({ providers: [AccountDataRegistry], exports: [AccountDataRegistry] })
export class AccountDataRegistryModule {}
