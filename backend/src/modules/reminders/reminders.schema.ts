import { pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from '../events/events.schema';
import { users } from '../users/users.schema';

/**
 * One row per reminder sent: written in the same transaction as the email's outbox row, so a
 * reminder goes once per member and start time whatever the number of replicas and workers.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The start it reminded of: an event moved later is reminded of again. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId, table.startsAt] })],
);
