import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/users.schema';

/** What an emailed one-time link does. */
export enum AccountTokenPurpose {
  PASSWORD_RESET = 'password_reset',
  EMAIL_VERIFICATION = 'email_verification',
  EMAIL_CHANGE = 'email_change',
  /** A member without a password moves the account from its current address, which stands in for the password. */
  EMAIL_CHANGE_AT_CURRENT = 'email_change_at_current',
  /** A member without a password confirms deleting the account from its address. */
  ACCOUNT_DELETION = 'account_deletion',
  /** Not emailed: the one exchange of an OpenID Connect sign-in's hand-off cookie (ADR 0051). */
  OIDC_HANDOFF = 'oidc_handoff',
}

/**
 * One-time links sent by email. Only a SHA-256 of the token is kept, so a copy of this table
 * opens no account; a link works once (usedAt) and until expiresAt.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an email change moves to (the EMAIL_CHANGE kinds only). */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_key').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;
