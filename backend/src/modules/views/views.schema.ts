import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The running view count of each item. */
export const viewCounts = pgTable(
  'view_counts',
  {
    contentType: text('content_type').notNull(),
    contentId: uuid('content_id').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.contentType, table.contentId] })],
);

/** When each viewer was last counted for an item, so one viewer counts once per window. */
export const viewMarks = pgTable(
  'view_marks',
  {
    contentType: text('content_type').notNull(),
    contentId: uuid('content_id').notNull(),
    /** `u:<user id>` for members, `g:<sha256 of ip and user agent>` for guests. */
    viewerKey: text('viewer_key').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentType, table.contentId, table.viewerKey] }),
    // Expired marks are pruned by age.
    index('view_marks_counted_at_idx').on(table.countedAt),
  ],
);
