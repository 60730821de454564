import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';

/** Messages sent through the contact form, stored before any email is attempted. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** new | read | handled */
    status: text('status').notNull().default('new'),
    /** The outbox row of the email to the admins (the mail module's), when one was made. */
    mailMessageId: uuid('mail_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt, table.id),
    index('contact_messages_status_idx').on(table.status, table.createdAt),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;
