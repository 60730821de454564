import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtMillis, id, tsvector, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** Spec section 9: the admin form's categories and the list filter's, accepted together. */
export const NEWS_FORM_CATEGORIES = [
  'community',
  'youth',
  'culture',
  'development',
  'news',
  'story',
] as const;
export const NEWS_FILTER_CATEGORIES = [
  'news',
  'events',
  'community',
  'culture',
  'announcements',
] as const;
export type NewsCategory =
  (typeof NEWS_FORM_CATEGORIES)[number] | (typeof NEWS_FILTER_CATEGORIES)[number];
/** Every category an article may have: the union of the two lists above. */
export const NEWS_CATEGORIES: readonly NewsCategory[] = [
  ...new Set<NewsCategory>([...NEWS_FORM_CATEGORIES, ...NEWS_FILTER_CATEGORIES]),
];

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    image: text('image'),
    category: text('category').notNull().default('community'),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set the first time the article is published; drafts have none. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtMillis(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')`,
    ),
  },
  (table) => [
    index('news_search_idx').using('gin', table.search),
    // Newest published first, in the list's whole order (ties by created_at, id: issue 16);
    // NULLS FIRST matches the default of ORDER BY ... DESC.
    index('news_published_at_idx').on(
      table.published,
      table.publishedAt.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('news_featured_idx')
      .on(table.publishedAt.desc().nullsFirst())
      .where(sql`featured and published`),
  ],
);

export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;
