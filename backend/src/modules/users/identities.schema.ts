import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from './users.schema';

/** An OpenID Connect account linked to a member: they may sign in with it (ADR 0051). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The configured provider's id (OIDC_PROVIDERS). */
    provider: text('provider').notNull(),
    /** The provider's `sub`: the account there, for good (an email can change hands). */
    subject: text('subject').notNull(),
    /** The address the provider gave when it was linked (shown on the profile). */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_key').on(table.provider, table.subject),
    // One account per provider per member; also the index for a member's identities.
    uniqueIndex('user_identities_user_provider_key').on(table.userId, table.provider),
  ],
);

export type UserIdentityRow = typeof userIdentities.$inferSelect;
