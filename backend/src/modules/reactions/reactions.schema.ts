import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/users.schema';

/** One member's like or dislike of one item (event, article, listing or comment). */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    /** events | news | directory | comments */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** like | dislike */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // One reaction per member and item: the toggle upserts against this key.
    uniqueIndex('reactions_target_user_key').on(table.targetType, table.targetId, table.userId),
    index('reactions_user_idx').on(table.userId),
    // Counts per item and kind come from the index alone (lists count a page of items at once).
    index('reactions_target_kind_idx').on(table.targetType, table.targetId, table.kind),
    check('reactions_kind_check', sql`${table.kind} in ('like', 'dislike')`),
  ],
);

export type ReactionRow = typeof reactions.$inferSelect;
