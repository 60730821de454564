import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import type { PageWindow } from '../../common/pagination/pagination';
import { users } from '../users/users.schema';
import type { NotificationKind } from './notification-kinds';
import {
  NotificationPreferenceRow,
  notificationPreferences,
  NotificationRow,
  notifications,
} from './notifications.schema';

/** The only SQL of notifications and their preferences. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async create(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    return row;
  }

  /** One page of a member's shown notifications, newest first, and how many there are. */
  async page(
    userId: string,
    window: PageWindow,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const mine = and(eq(notifications.userId, userId), eq(notifications.shown, true));
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(notifications).where(mine),
    ]);
    return { rows, total };
  }

  async unreadCount(userId: string): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.shown, true),
          isNull(notifications.readAt),
        ),
      );
    return total;
  }

  /** Marks one of the member's notifications read; false when it is not theirs or not there. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** The item was deleted: its notifications say so instead of linking to nothing. */
  async markTargetGone(targetType: string, targetId: string): Promise<void> {
    await this.db
      .update(notifications)
      .set({ targetGoneAt: new Date() })
      .where(
        and(
          eq(notifications.targetType, targetType),
          eq(notifications.targetId, targetId),
          isNull(notifications.targetGoneAt),
        ),
      );
  }

  async markCommentsGone(commentIds: readonly string[]): Promise<void> {
    if (!commentIds.length) return;
    await this.db
      .update(notifications)
      .set({ targetGoneAt: new Date() })
      .where(
        and(inArray(notifications.commentId, [...commentIds]), isNull(notifications.targetGoneAt)),
      );
  }

  /** These notifications of the member (the live stream loads each as it arrives). */
  ofIds(userId: string, ids: string[]): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
  }

  /**
   * Members with notifications waiting for their daily digest whose local hour (their profile's
   * time zone, UTC without one) is `hour` at `now` (one batch).
   */
  async digestMembers(now: Date, hour: number, limit: number): Promise<string[]> {
    const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${users.timeZone}, 'UTC'))`;
    const rows = await this.db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.digestPending, true), sql`extract(hour from ${local}) = ${hour}`))
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  /**
   * The member's waiting rows, oldest first, locked and taken off the digest in one statement:
   * two workers sending at once cannot both send the same row.
   */
  async takeDigest(userId: string): Promise<NotificationRow[]> {
    const rows = await this.db
      .update(notifications)
      .set({ digestPending: false })
      .where(and(eq(notifications.userId, userId), eq(notifications.digestPending, true)))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  ofMember(userId: string): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt));
  }

  preferences(userId: string): Promise<NotificationPreferenceRow[]> {
    return this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
  }

  async preference(
    userId: string,
    kind: NotificationKind,
  ): Promise<NotificationPreferenceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(
        and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)),
      );
    return row;
  }

  async savePreferences(rows: NotificationPreferenceRow[]): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: {
          inPage: sql`excluded.in_page`,
          email: sql`excluded.email`,
        },
      });
  }
}
