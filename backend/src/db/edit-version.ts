import { SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The optimistic-concurrency check of every edit route (see common/concurrency/edit-conflict):
 * the row's `updated_at` still is the instant the editor loaded. Compared at millisecond
 * precision, as the API serialises it (PostgreSQL keeps microseconds, a JS Date milliseconds).
 * Put it in the UPDATE's WHERE (or read it under the row lock) so no write slips in between.
 * Undefined, which drizzle's `and()` drops, when the editor sent no `updatedAt`.
 */
export function unchangedSince(
  column: AnyPgColumn,
  loaded: Date | undefined,
): SQL<boolean> | undefined {
  return loaded === undefined
    ? undefined
    : sql<boolean>`date_trunc('milliseconds', ${column}) = ${loaded.toISOString()}::timestamptz`;
}

/**
 * The `updated_at` an edit sets: the database's clock at millisecond precision, and always later
 * than the value it replaces, so each saved edit gets a new version however close two saves come
 * (and whichever replica's clock runs behind).
 */
export function nextUpdatedAt(column: AnyPgColumn): SQL {
  return sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${column} + interval '1 millisecond'))`;
}

/** For counter-only writes (seats taken): the row's content, and so its version, is unchanged. */
export function sameUpdatedAt(column: AnyPgColumn): SQL {
  return sql`${column}`;
}
