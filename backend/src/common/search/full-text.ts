import { SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The words of a search box as a prefix query: "addis bus" finds "Addis Ababa business", and
 * Amharic words match too (the english configuration keeps non-Latin words as they are).
 * Punctuation is dropped; a box holding no word at all does not filter (as an empty box).
 */
export function toPrefixQuery(search: string): string | undefined {
  const words = search.match(/[\p{L}\p{N}]+/gu);
  return words?.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** The one full-text condition of every list: a tsvector column against the search box. */
export function matchesSearch(vector: AnyPgColumn, search: string | undefined): SQL | undefined {
  const query = search ? toPrefixQuery(search) : undefined;
  return query ? sql`${vector} @@ to_tsquery('english'::regconfig, ${query})` : undefined;
}
