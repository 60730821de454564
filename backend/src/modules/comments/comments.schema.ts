import { AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtMillis, id, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** A comment on an event, article or listing; a reply when parentId is set (one level deep). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    /** events | news | directory */
    contentType: text('content_type').notNull(),
    contentId: uuid('content_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** Null once the author deleted their account: the comment stays, by a "Deleted member". */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** To the millisecond: a thread's cursor carries this time and must match it exactly. */
    createdAt: createdAtMillis(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Newest top-level comments of one item, in the thread's exact order (time, then id) so that
    // a cursor's (created_at, id) bound is an index condition; a backward scan serves DESC.
    index('comments_thread_idx')
      .on(table.contentType, table.contentId, table.createdAt, table.id)
      .where(sql`parent_id is null`),
    // Replies of one comment, oldest first, likewise for the replies' cursor.
    index('comments_parent_idx').on(table.parentId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;
