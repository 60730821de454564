import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders so every table spells ids and timestamps the same way. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/**
 * createdAt kept to the millisecond, exactly what a JS Date (and so an API time or a keyset
 * cursor) carries; for lists paged by cursor on their creation time.
 */
export const createdAtMillis = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** PostgreSQL full-text vector; filled by a generated column per table. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
