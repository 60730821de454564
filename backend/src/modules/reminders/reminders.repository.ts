import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { eventAttendees, events } from '../events/events.schema';
import { eventReminders } from './reminders.schema';

/** A member going to an event that starts at `startsAt`. */
export interface DueReminder {
  eventId: string;
  userId: string;
  startsAt: Date;
}

@Injectable()
export class RemindersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Claims the reminder; false when another worker already sent it (the key is taken). */
  async markSent(eventId: string, userId: string, startsAt: Date): Promise<boolean> {
    const rows = await this.db
      .insert(eventReminders)
      .values({ eventId, userId, startsAt })
      .onConflictDoNothing()
      .returning({ eventId: eventReminders.eventId });
    return rows.length > 0;
  }

  /**
   * Reminders due (ADR 0021): members going to an active, uncancelled event starting in
   * (from, to], not yet reminded of that start (no sent-marker row), soonest first, at most `limit`.
   */
  async due(from: Date, to: Date, limit: number): Promise<DueReminder[]> {
    return this.db
      .select({
        eventId: eventAttendees.eventId,
        userId: eventAttendees.userId,
        startsAt: events.startsAt,
      })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(
        and(
          eq(eventAttendees.status, 'going'),
          eq(events.isActive, true),
          sql`${events.cancelledAt} is null and ${events.cancelRequestedAt} is null`,
          gt(events.startsAt, from),
          lte(events.startsAt, to),
          sql`not exists (select 1 from ${eventReminders} where ${eventReminders.eventId} = ${eventAttendees.eventId} and ${eventReminders.userId} = ${eventAttendees.userId} and ${eventReminders.startsAt} = ${events.startsAt})`,
        ),
      )
      .orderBy(asc(events.startsAt), asc(eventAttendees.userId))
      .limit(limit);
  }
}
