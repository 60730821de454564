import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtMillis, id } from '../../db/columns';
import { users } from '../users/users.schema';
import type { EmailFrequency, NotificationKind } from './notification-kinds';

/** What the notification's words need, recorded when it happened (names may change later). */
export interface NotificationData {
  /** The item's title (event, listing, course) or the replier's name. */
  title?: string;
  actorName?: string;
  /** A listing's rejection reason, an enrolment's new status... */
  reason?: string | null;
  status?: string;
  refunded?: boolean;
  startsAt?: string;
  timeZone?: string;
  venue?: string;
  excerpt?: string;
}

/**
 * One thing that happened to a member (ADR 0060), written in the transaction of the change that
 * caused it; the list, the unread count and the live stream all read it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The item it links to: `events`, `news`, `directory` or `tutorials` (a course) and its id. */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    /** The comment it is about (a reply), when there is one. */
    commentId: uuid('comment_id'),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** Set when the item (or the comment) it links to was deleted: the list says so. */
    targetGoneAt: timestamp('target_gone_at', { withTimezone: true, mode: 'date' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** False when the member turned this kind off in the page (kept for the digest and export). */
    shown: boolean('shown').notNull().default(true),
    /** Waiting for the member's daily digest email (their choice for this kind). */
    digestPending: boolean('digest_pending').notNull().default(false),
    createdAt: createdAtMillis(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null and ${table.shown}`),
    index('notifications_digest_idx')
      .on(table.userId)
      .where(sql`${table.digestPending}`),
    index('notifications_target_idx').on(table.targetType, table.targetId),
    index('notifications_comment_idx').on(table.commentId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** A member's choice for one kind; kinds without a row take DEFAULT_PREFERENCE. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    inPage: boolean('in_page').notNull(),
    email: text('email').$type<EmailFrequency>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;

/**
 * A member's weekly digest (ADR 0072): opted in or not, and the local week (its Monday) last
 * sent, so each week is sent once however often the hourly tick runs.
 */
export const weeklyDigests = pgTable('weekly_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  /** The Monday (in the member's time zone) of the last week whose digest was queued. */
  lastWeek: date('last_week', { mode: 'string' }),
});

export type WeeklyDigestRow = typeof weeklyDigests.$inferSelect;
