import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { AccountTokenPurpose, AccountTokenRow, accountTokens } from './account-tokens.schema';

@Injectable()
export class AccountTokensRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Stores a new link and drops the account's older ones for the same purpose (one live link each). */
  async replace(values: {
    userId: string;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  }): Promise<void> {
    await this.db
      .delete(accountTokens)
      .where(
        and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, values.purpose)),
      );
    await this.db.insert(accountTokens).values(values);
  }

  /** Every link of an account (its deletion). */
  async deleteOf(userId: string): Promise<void> {
    await this.db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  }

  /** The unused, unexpired link with this hash, if any (without using it up). */
  async findLive(
    purpose: AccountTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<AccountTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accountTokens)
      .where(this.live(purpose, tokenHash, now));
    return row;
  }

  /** Uses the link up; undefined when it was already used or has expired (two clicks race safely). */
  async consume(
    purpose: AccountTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<AccountTokenRow | undefined> {
    const [row] = await this.db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(this.live(purpose, tokenHash, now))
      .returning();
    return row;
  }

  private live(purpose: AccountTokenPurpose, tokenHash: string, now: Date) {
    return and(
      eq(accountTokens.tokenHash, tokenHash),
      eq(accountTokens.purpose, purpose),
      isNull(accountTokens.usedAt),
      gt(accountTokens.expiresAt, now),
    );
  }
}
