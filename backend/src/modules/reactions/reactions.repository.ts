import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { reactions } from './reactions.schema';

export type ReactionKind = 'like' | 'dislike';

@Injectable()
export class ReactionsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * One atomic statement: removes the member's reaction when it is the same kind, otherwise
   * inserts it or switches it. The unique key makes concurrent clicks serialise on the row.
   */
  async toggle(targetType: string, targetId: string, userId: string, kind: ReactionKind) {
    await this.db.execute(sql`
      WITH removed AS (
        DELETE FROM ${reactions}
        WHERE target_type = ${targetType} AND target_id = ${targetId}
          AND user_id = ${userId} AND kind = ${kind}
        RETURNING id
      )
      INSERT INTO ${reactions} (target_type, target_id, user_id, kind)
      SELECT ${targetType}, ${targetId}, ${userId}, ${kind}
      WHERE NOT EXISTS (SELECT 1 FROM removed)
      ON CONFLICT (target_type, target_id, user_id) DO UPDATE SET kind = excluded.kind
    `);
  }

  /** Likes and dislikes of each item that has any, and this member's own kind (an index-only count). */
  async countsFor(targetType: string, targetIds: string[], userId?: string) {
    if (!targetIds.length) return [];
    const mine = userId
      ? sql<string | null>`max(${reactions.kind}) filter (where ${reactions.userId} = ${userId})`
      : sql<null>`null`;
    return this.db
      .select({
        targetId: reactions.targetId,
        likes: sql<number>`count(*) filter (where ${reactions.kind} = 'like')`.mapWith(Number),
        dislikes: sql<number>`count(*) filter (where ${reactions.kind} = 'dislike')`.mapWith(
          Number,
        ),
        mine,
      })
      .from(reactions)
      .where(and(eq(reactions.targetType, targetType), inArray(reactions.targetId, targetIds)))
      .groupBy(reactions.targetId);
  }

  /** One member's reactions to these items (through the unique key). */
  async ownFor(targetType: string, targetIds: string[], userId: string) {
    if (!targetIds.length) return [];
    return this.db
      .select({ targetId: reactions.targetId, kind: reactions.kind })
      .from(reactions)
      .where(
        and(
          eq(reactions.targetType, targetType),
          inArray(reactions.targetId, targetIds),
          eq(reactions.userId, userId),
        ),
      );
  }

  async removeFor(targetType: string, targetIds: string[]): Promise<void> {
    if (!targetIds.length) return;
    await this.db
      .delete(reactions)
      .where(and(eq(reactions.targetType, targetType), inArray(reactions.targetId, targetIds)));
  }

  /** A member's likes and dislikes, oldest first (their data export). */
  async byUser(userId: string) {
    return this.db
      .select({
        targetType: reactions.targetType,
        targetId: reactions.targetId,
        kind: reactions.kind,
        createdAt: reactions.createdAt,
      })
      .from(reactions)
      .where(eq(reactions.userId, userId))
      .orderBy(reactions.createdAt);
  }

  async removeByUser(userId: string): Promise<void> {
    await this.db.delete(reactions).where(eq(reactions.userId, userId));
  }
}
