import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { userIdentities, UserIdentityRow } from './identities.schema';

/** The OpenID Connect accounts linked to members (ADR 0051). */
@Injectable()
export class IdentitiesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The member this provider account signs in to, if it is linked. */
  async userOf(provider: string, subject: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row?.userId;
  }

  /** Links it, or answers undefined when that account or this provider is linked already. */
  async link(values: {
    userId: string;
    provider: string;
    subject: string;
    email: string | null;
  }): Promise<UserIdentityRow | undefined> {
    const [row] = await this.db
      .insert(userIdentities)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  listFor(userId: string): Promise<UserIdentityRow[]> {
    return this.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.createdAt));
  }

  /** True when it was linked (and now is not). */
  async unlink(userId: string, provider: string): Promise<boolean> {
    const rows = await this.db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .returning({ id: userIdentities.id });
    return rows.length > 0;
  }

  /** Each member's linked providers, for the admin's list. */
  async providersOf(userIds: string[]): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>();
    if (!userIds.length) return byUser;
    const rows = await this.db
      .select({ userId: userIdentities.userId, provider: userIdentities.provider })
      .from(userIdentities)
      .where(inArray(userIdentities.userId, userIds))
      .orderBy(asc(userIdentities.provider));
    for (const row of rows)
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.provider]);
    return byUser;
  }
}
