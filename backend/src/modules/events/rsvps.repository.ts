import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, exists, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { sameUpdatedAt } from '../../db/edit-version';
import {
  AttendeeRow,
  eventAttendees,
  EventRow,
  events,
  eventTickets,
  RsvpStatus,
} from './events.schema';
import { isOpen } from './events.rules';

/** What the RSVP rules see, read under the event's row lock. */
export interface RsvpState {
  event: EventRow;
  current: AttendeeRow | undefined;
  hasTicket: boolean;
}

export interface RsvpChange {
  event: EventRow;
  status: RsvpStatus;
  previous: RsvpStatus | undefined;
  /** Members moved from the waitlist to going by this change. */
  promoted: string[];
}

/** A batch of Going answers to one event (see answerGoing): each member's change or error. */
export interface GoingBatch {
  /** The event after the batch and its promotions. */
  event: EventRow;
  /** In the members' order: the change (its event carries the count after that answer), or why not. */
  outcomes: Array<{ change: RsvpChange } | { error: unknown }>;
  promoted: string[];
}

export interface Attendee {
  userId: string;
  status: string;
}

/**
 * Members' answers to events and the seats they hold: the going count, the waitlist and its
 * promotion. Editing an event and recording or revoking a ticket move seats too: they pass their
 * transaction (`tx`, holding the event's row lock) to the methods that take one.
 */
@Injectable()
export class RsvpsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The first members going to one event, in answer order (the detail's "Who's going"). */
  async firstGoing(eventId: string, limit: number): Promise<Attendee[]> {
    return this.db
      .select({ userId: eventAttendees.userId, status: eventAttendees.status })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'going')))
      .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.userId))
      .limit(limit);
  }

  /** The caller's answer to each of these events. */
  async statusesOf(userId: string, eventIds: string[]): Promise<Map<string, RsvpStatus>> {
    if (!eventIds.length) return new Map();
    const rows = await this.db
      .select({ eventId: eventAttendees.eventId, status: eventAttendees.status })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.userId, userId), inArray(eventAttendees.eventId, eventIds)));
    return new Map(rows.map((row) => [row.eventId, row.status as RsvpStatus]));
  }

  /** Members going to or waiting for an event (whom its cancellation tells). */
  async goingOrWaiting(eventId: string): Promise<AttendeeRow[]> {
    return this.db
      .select()
      .from(eventAttendees)
      .where(
        and(
          eq(eventAttendees.eventId, eventId),
          inArray(eventAttendees.status, ['going', 'waitlisted']),
        ),
      );
  }

  /**
   * One RSVP change, atomic per event: the event row is locked (FOR UPDATE) so concurrent answers
   * queue up, `decide` applies the rules to what is read under the lock (and may throw to abort),
   * then the answer, the going count and any waitlist promotion are written together.
   */
  async changeRsvp(
    eventId: string,
    userId: string,
    decide: (state: RsvpState) => RsvpStatus,
  ): Promise<RsvpChange | undefined> {
    return this.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) return undefined;
      const current = await this.currentAnswer(tx, eventId, userId);
      const hasTicket = await this.hasPaidTicket(tx, eventId, userId);
      const status = decide({ event, current, hasTicket });
      const previous = current?.status as RsvpStatus | undefined;
      await this.writeAnswer(tx, eventId, userId, status, previous);
      const delta = (status === 'going' ? 1 : 0) - (previous === 'going' ? 1 : 0);
      const updated = delta !== 0 ? await this.addGoing(tx, eventId, delta) : event;
      const promoted = await this.promoteWaitlisted(tx, updated);
      return { event: promoted.event, status, previous, promoted: promoted.promoted };
    });
  }

  /**
   * Many members' Going answers to one event in one transaction under one hold of its row lock
   * (ADR 0070): the answers are decided in the order given, exactly as one by one (Going never
   * frees a seat, so no promotion comes between them), then written with one statement each for the
   * answers and the count. `decide` may throw for one member: only that member's answer fails.
   * Each answer's `status_changed_at` is stamped after the lock, one microsecond apart in the order
   * given, so the waitlist keeps the order of arrival.
   */
  async answerGoing(
    eventId: string,
    userIds: string[],
    decide: (state: RsvpState) => RsvpStatus,
  ): Promise<GoingBatch | undefined> {
    return this.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) return undefined;
      const members = [...new Set(userIds)];
      const current = new Map(
        (
          await tx
            .select()
            .from(eventAttendees)
            .where(
              and(eq(eventAttendees.eventId, eventId), inArray(eventAttendees.userId, members)),
            )
        ).map((row) => [row.userId, row]),
      );
      const ticketed = event.isFree
        ? new Set<string>()
        : await this.paidTicketHolders(tx, eventId, members);
      let goingCount = event.goingCount;
      const writes = new Map<string, { status: RsvpStatus; order: number }>();
      const outcomes = userIds.map((userId, order): GoingBatch['outcomes'][number] => {
        const row = current.get(userId);
        let status: RsvpStatus;
        try {
          status = decide({
            event: { ...event, goingCount },
            current: row,
            hasTicket: ticketed.has(userId),
          });
        } catch (error) {
          return { error };
        }
        const previous = row?.status as RsvpStatus | undefined;
        if (status !== previous) {
          writes.set(userId, { status, order });
          // A second answer of the same member in this batch sees the first.
          current.set(userId, { ...(row ?? emptyAnswer(eventId, userId)), status });
        }
        goingCount += (status === 'going' ? 1 : 0) - (previous === 'going' ? 1 : 0);
        return { change: { event: { ...event, goingCount }, status, previous, promoted: [] } };
      });
      if (writes.size) {
        await tx
          .insert(eventAttendees)
          .values(
            [...writes].map(([userId, { status, order }]) => ({
              eventId,
              userId,
              status,
              statusChangedAt: sql`clock_timestamp() + ${order} * interval '1 microsecond'`,
            })),
          )
          .onConflictDoUpdate({
            target: [eventAttendees.eventId, eventAttendees.userId],
            set: {
              status: sql`excluded.status`,
              statusChangedAt: sql`excluded.status_changed_at`,
            },
          });
      }
      const delta = goingCount - event.goingCount;
      const updated = delta !== 0 ? await this.addGoing(tx, eventId, delta) : event;
      // As after each answer one by one: a seat free beside an eligible waiting member is given.
      const promoted = await this.promoteWaitlisted(tx, updated);
      return { event: promoted.event, outcomes, promoted: promoted.promoted };
    });
  }

  /** Which of these members hold a paid ticket to the event, read in `tx`. */
  private async paidTicketHolders(
    tx: Tx,
    eventId: string,
    userIds: string[],
  ): Promise<Set<string>> {
    const rows = await tx
      .selectDistinct({ userId: eventTickets.userId })
      .from(eventTickets)
      .where(
        and(
          eq(eventTickets.eventId, eventId),
          inArray(eventTickets.userId, userIds),
          eq(eventTickets.status, 'paid'),
        ),
      );
    return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
  }

  /** The member's answer to the event, read in `tx`. */
  async currentAnswer(tx: Tx, eventId: string, userId: string): Promise<AttendeeRow | undefined> {
    const [row] = await tx
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
    return row;
  }

  /** Writes the member's answer in `tx` unless it is `previous` already. */
  async writeAnswer(
    tx: Tx,
    eventId: string,
    userId: string,
    status: string,
    previous: string | undefined,
  ): Promise<void> {
    if (previous === status) return;
    const now = new Date();
    await tx
      .insert(eventAttendees)
      .values({ eventId, userId, status, statusChangedAt: now })
      .onConflictDoUpdate({
        target: [eventAttendees.eventId, eventAttendees.userId],
        set: { status, statusChangedAt: now },
      });
  }

  /** Moves the event's going count by `delta` in `tx` (caller holds the lock); the event after. */
  async addGoing(tx: Tx, eventId: string, delta: number): Promise<EventRow> {
    const [updated] = await tx
      .update(events)
      .set({
        goingCount: sql`${events.goingCount} + ${delta}`,
        updatedAt: sameUpdatedAt(events.updatedAt),
      })
      .where(eq(events.id, eventId))
      .returning();
    return updated;
  }

  /**
   * Whether the member holds a ticket that admits to this event: on a paid event their seat rests
   * on it (the RSVP rules and the waitlist read it; so does selling them another).
   */
  async hasPaidTicket(tx: Tx | Database, eventId: string, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: eventTickets.id })
      .from(eventTickets)
      .where(
        and(
          eq(eventTickets.eventId, eventId),
          eq(eventTickets.userId, userId),
          eq(eventTickets.status, 'paid'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Seats waitlisted members, longest waiting first, while capacity allows (caller holds the lock).
   * Only on an event that takes answers (active, not cancelled, not started), and on a paid event
   * only members who hold a paid ticket: a seat is never given unpaid, nor on a closed event.
   */
  async promoteWaitlisted(
    tx: Tx,
    event: EventRow,
  ): Promise<{ event: EventRow; promoted: string[] }> {
    if (!isOpen(event, new Date())) return { event, promoted: [] };
    const free =
      event.maxAttendees === null ? Number.MAX_SAFE_INTEGER : event.maxAttendees - event.goingCount;
    if (free <= 0) return { event, promoted: [] };
    const conditions = [
      eq(eventAttendees.eventId, event.id),
      eq(eventAttendees.status, 'waitlisted'),
    ];
    if (!event.isFree) {
      conditions.push(
        exists(
          tx
            .select({ id: eventTickets.id })
            .from(eventTickets)
            .where(
              and(
                eq(eventTickets.eventId, event.id),
                eq(eventTickets.userId, eventAttendees.userId),
                eq(eventTickets.status, 'paid'),
              ),
            ),
        ),
      );
    }
    const waiting = await tx
      .select({ userId: eventAttendees.userId })
      .from(eventAttendees)
      .where(and(...conditions))
      .orderBy(asc(eventAttendees.statusChangedAt), asc(eventAttendees.userId))
      .limit(Math.min(free, 1000));
    if (!waiting.length) return { event, promoted: [] };
    const promoted = waiting.map((row) => row.userId);
    await tx
      .update(eventAttendees)
      .set({ status: 'going', statusChangedAt: new Date() })
      .where(and(eq(eventAttendees.eventId, event.id), inArray(eventAttendees.userId, promoted)));
    return { event: await this.addGoing(tx, event.id, promoted.length), promoted };
  }

  /** Issue 17: a member's answers with their events, oldest first (export and deletion). */
  async rsvpsOf(userId: string) {
    return this.db
      .select({
        eventId: eventAttendees.eventId,
        eventTitle: events.title,
        startsAt: events.startsAt,
        cancelled: sql<boolean>`${events.cancelledAt} is not null`,
        status: eventAttendees.status,
        createdAt: eventAttendees.createdAt,
        statusChangedAt: eventAttendees.statusChangedAt,
      })
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(eq(eventAttendees.userId, userId))
      .orderBy(asc(eventAttendees.createdAt));
  }

  async deleteRsvpsOf(userId: string): Promise<void> {
    await this.db.delete(eventAttendees).where(eq(eventAttendees.userId, userId));
  }

  /** RSVPs first given per UTC day in [from, to) (the admin dashboard's chart). */
  async rsvpsByDay(from: Date, to: Date): Promise<{ day: string; count: number }[]> {
    const day = sql<string>`to_char(${eventAttendees.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    return this.db
      .select({ day, count: count() })
      .from(eventAttendees)
      .where(and(gte(eventAttendees.createdAt, from), lt(eventAttendees.createdAt, to)))
      .groupBy(day);
  }
}

/** The answer row a member without one is given by their first answer (only its status is read). */
function emptyAnswer(eventId: string, userId: string): AttendeeRow {
  const now = new Date();
  return { eventId, userId, status: 'not going', createdAt: now, statusChangedAt: now };
}
