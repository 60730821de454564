import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/** Every email the platform sends, with its fate: the outbox and the audit trail in one. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | sent | failed | not_configured */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The SMTP client's error code of the last failed attempt (ECONNECTION, EAUTH…). */
    errorCode: text('error_code'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('mail_messages_created_at_idx').on(table.createdAt)],
);

export type MailMessageRow = typeof mailMessages.$inferSelect;
