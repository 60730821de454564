import { sql, SQL, SQLWrapper } from 'drizzle-orm';

/**
 * normaliseEmail (common/email.ts) in SQL: for matching addresses kept as they were typed or
 * written before emails were normalised (the contact form's sender, the outbox's recipients).
 */
export function normalisedEmail(column: SQLWrapper): SQL {
  return sql`lower(btrim(normalize(${column}, NFKC)))`;
}
