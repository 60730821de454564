import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull, or, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { Keyset, PageWindow } from '../../common/pagination/pagination';
import { CommentRow, comments, NewCommentRow } from './comments.schema';

// Written out in full: inside the subquery, drizzle would leave the outer id unqualified.
const replyCount = sql<number>`(select count(*)::int from comments r where r.parent_id = "comments"."id")`;

/** A page of a thread or of replies: a numbered page, or the rows after a cursor's keyset. */
export type ThreadWindow = PageWindow & { after?: Keyset };

/**
 * The rows after a keyset in a list ordered by (created_at, id), either way; one row comparison,
 * which the (…, created_at, id) indexes take as their bound. created_at is kept to the millisecond
 * (comments.schema), so the cursor's time is the row's own.
 */
function afterKey(order: 'asc' | 'desc', { at, id }: Keyset): SQL {
  const key = sql`(${at.toISOString()}::timestamptz, ${id}::uuid)`;
  return order === 'asc'
    ? sql`(${comments.createdAt}, ${comments.id}) > ${key}`
    : sql`(${comments.createdAt}, ${comments.id}) < ${key}`;
}

@Injectable()
export class CommentsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async create(values: NewCommentRow): Promise<CommentRow> {
    const [row] = await this.db.insert(comments).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<CommentRow | undefined> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id));
    return row;
  }

  /**
   * The comment, held against deletion until the caller's transaction ends (FOR KEY SHARE): a
   * reply or a reaction written under it cannot outlive it.
   */
  async holdById(id: string): Promise<CommentRow | undefined> {
    const [row] = await this.db.select().from(comments).where(eq(comments.id, id)).for('key share');
    return row;
  }

  /**
   * Top-level comments of one item, newest first, each with its number of replies: one page after
   * `window.after` (a cursor; no repeat or gap when comments come or go meanwhile) or at
   * `window.offset`, plus one more row to tell whether a next page follows.
   */
  async listThread(contentType: string, contentId: string, window: ThreadWindow) {
    const where = and(
      eq(comments.contentType, contentType),
      eq(comments.contentId, contentId),
      isNull(comments.parentId),
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ comment: comments, replyCount })
        .from(comments)
        .where(window.after ? and(where, afterKey('desc', window.after)) : where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(window.limit + 1)
        .offset(window.after ? 0 : window.offset),
      this.db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.comment, replyCount: row.replyCount })), total };
  }

  /**
   * Replies to one comment, oldest first, as a conversation reads: a page after `window.after` or
   * at `window.offset`, plus one more row to tell whether a next page follows.
   */
  async listReplies(parentId: string, window: ThreadWindow) {
    const where = eq(comments.parentId, parentId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(comments)
        .where(window.after ? and(where, afterKey('asc', window.after)) : where)
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(window.limit + 1)
        .offset(window.after ? 0 : window.offset),
      this.db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total };
  }

  /** Deletes a comment with its replies; returns every deleted id. */
  async deleteWithReplies(id: string): Promise<string[]> {
    const rows = await this.db
      .delete(comments)
      .where(or(eq(comments.id, id), eq(comments.parentId, id)))
      .returning({ id: comments.id });
    return rows.map((row) => row.id);
  }

  /** Deletes every comment on one item; returns the deleted ids. */
  async deleteFor(contentType: string, contentId: string): Promise<string[]> {
    const rows = await this.db
      .delete(comments)
      .where(and(eq(comments.contentType, contentType), eq(comments.contentId, contentId)))
      .returning({ id: comments.id });
    return rows.map((row) => row.id);
  }

  /** A member's comments and replies, oldest first (their data export). */
  async byAuthor(authorId: string) {
    return this.db
      .select({
        _id: comments.id,
        contentType: comments.contentType,
        contentId: comments.contentId,
        parentComment: comments.parentId,
        content: comments.content,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
      })
      .from(comments)
      .where(eq(comments.authorId, authorId))
      .orderBy(comments.createdAt);
  }

  /** Keeps a deleted account's comments with no author. */
  async detachAuthor(authorId: string): Promise<void> {
    await this.db.update(comments).set({ authorId: null }).where(eq(comments.authorId, authorId));
  }
}
