import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '../../common/language';
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
    /**
     * The language it is written in: given by the sender, or else null until the worker sends it
     * in the language the recipients chose (then recorded here, with the subject in it).
     */
    language: text('language').$type<Language>(),
    /** queued | sent | failed | not_configured */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** The SMTP client's error code of the last failed attempt (ECONNECTION, EAUTH…). */
    errorCode: text('error_code'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When the outbox relay handed it to the queue; null while it waits (e.g. Redis is down). */
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true, mode: 'date' }),
    /** The W3C traceparent of the request that wrote it (tracing on): its sending joins that trace. */
    traceparent: text('traceparent'),
  },
  (table) => [
    index('mail_messages_created_at_idx').on(table.createdAt),
    index('mail_messages_outbox_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'queued'`),
  ],
);

export type MailMessageRow = typeof mailMessages.$inferSelect;
