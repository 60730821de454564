import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { AdmissionState, decideAdmission, CheckInResult } from './check-in.rules';
import {
  CheckInRow,
  eventAttendees,
  eventCheckIns,
  eventDoorStaff,
  events,
  eventTickets,
  EventRow,
  TicketRow,
} from './events.schema';

/** An event's columns without its search vector. */
const { search: _search, ...EVENT_COLUMNS } = getTableColumns(events);

/** Who admits: the door's member and how the ticket reached them. */
export interface Door {
  id: string;
  name: string;
  source: 'scan' | 'search' | 'sync';
}

export type AdmitOutcome =
  | { result: 'checked_in'; checkIn: CheckInRow }
  | { result: 'already_checked_in'; checkIn: CheckInRow }
  | { result: Exclude<CheckInResult, 'checked_in' | 'already_checked_in'>; checkIn?: CheckInRow }
  | { result: 'no-event' };

/** One row of the door list: a member going, or one checked in whose ticket changed since. */
export interface DoorListRow {
  userId: string;
  answer: string | null;
  checkIn: CheckInRow | null;
  ticket: Pick<TicketRow, 'ticketType' | 'amountCents' | 'currency' | 'status'> | null;
}

/**
 * Check-ins and door staff (issue 39). Admitting is one transaction that holds the event row FOR
 * SHARE (so a refund or cancellation, which lock it FOR UPDATE, cannot cross it) and inserts the
 * check-in ON CONFLICT DO NOTHING on its (event, member) key: of two doors, exactly one inserts.
 */
@Injectable()
export class CheckInRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async admit(eventId: string, userId: string, door: Door, at: Date): Promise<AdmitOutcome> {
    return this.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('share');
      if (!event) return { result: 'no-event' };
      const state = await this.stateOf(tx, event, userId);
      const existing = await this.checkInOf(tx, eventId, userId);
      const decision = decideAdmission(state);
      if (decision !== 'admit') return { result: decision, checkIn: existing };
      if (existing) return { result: 'already_checked_in', checkIn: existing };
      const [inserted] = await tx
        .insert(eventCheckIns)
        .values({
          eventId,
          userId,
          checkedInAt: at,
          checkedInBy: door.id,
          checkedInByName: door.name,
          source: door.source,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { result: 'checked_in', checkIn: inserted };
      // Another door inserted first, after this one read: its row is the answer.
      const winner = await this.checkInOf(tx, eventId, userId);
      return { result: 'already_checked_in', checkIn: winner! };
    });
  }

  async checkInOf(tx: Tx | Database, eventId: string, userId: string) {
    const [row] = await tx
      .select()
      .from(eventCheckIns)
      .where(and(eq(eventCheckIns.eventId, eventId), eq(eventCheckIns.userId, userId)));
    return row;
  }

  /** The event's door list: members going and members checked in, with their paid ticket. */
  async doorList(eventId: string, isFree: boolean): Promise<DoorListRow[]> {
    const answers = await this.db
      .select({ userId: eventAttendees.userId, status: eventAttendees.status })
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, eventId));
    const checkIns = await this.db
      .select()
      .from(eventCheckIns)
      .where(eq(eventCheckIns.eventId, eventId))
      .orderBy(asc(eventCheckIns.checkedInAt));
    const answerOf = new Map(answers.map((a) => [a.userId, a.status]));
    const checkInOf = new Map(checkIns.map((c) => [c.userId, c]));
    const userIds = [
      ...new Set([
        ...answers.filter((a) => a.status === 'going').map((a) => a.userId),
        ...checkIns.map((c) => c.userId),
      ]),
    ];
    const tickets =
      isFree || !userIds.length ? [] : await this.ticketsOf(this.db, eventId, userIds);
    return userIds.map((userId) => ({
      userId,
      answer: answerOf.get(userId) ?? null,
      checkIn: checkInOf.get(userId) ?? null,
      ticket:
        tickets.find((t) => t.userId === userId && t.status === 'paid') ??
        tickets.find((t) => t.userId === userId) ??
        null,
    }));
  }

  /** Checked in and going, for every door's live counter. */
  async counts(eventId: string): Promise<{ checkedIn: number; going: number }> {
    const [checkedIn] = await this.db
      .select({ n: count() })
      .from(eventCheckIns)
      .innerJoin(
        eventAttendees,
        and(
          eq(eventAttendees.eventId, eventCheckIns.eventId),
          eq(eventAttendees.userId, eventCheckIns.userId),
        ),
      )
      .where(and(eq(eventCheckIns.eventId, eventId), eq(eventAttendees.status, 'going')));
    const [event] = await this.db
      .select({ going: events.goingCount })
      .from(events)
      .where(eq(events.id, eventId));
    return { checkedIn: checkedIn?.n ?? 0, going: event?.going ?? 0 };
  }

  /** A member's check-ins, by event (My tickets shows when they were admitted). */
  async checkInsOf(userId: string): Promise<CheckInRow[]> {
    return this.db.select().from(eventCheckIns).where(eq(eventCheckIns.userId, userId));
  }

  /** A member's paid tickets for these events, newest first. */
  async paidTicketsOf(userId: string, eventIds: string[]): Promise<TicketRow[]> {
    if (!eventIds.length) return [];
    return this.db
      .select()
      .from(eventTickets)
      .where(and(eq(eventTickets.userId, userId), inArray(eventTickets.eventId, eventIds)))
      .orderBy(desc(eventTickets.createdAt));
  }

  // ---------- door staff ----------

  async isDoorStaff(eventId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: eventDoorStaff.userId })
      .from(eventDoorStaff)
      .where(and(eq(eventDoorStaff.eventId, eventId), eq(eventDoorStaff.userId, userId)));
    return row !== undefined;
  }

  async doorStaffOf(eventId: string) {
    return this.db
      .select()
      .from(eventDoorStaff)
      .where(eq(eventDoorStaff.eventId, eventId))
      .orderBy(asc(eventDoorStaff.createdAt));
  }

  /** Names a member door staff of the event; false when they already were. */
  async addDoorStaff(eventId: string, userId: string, addedBy: string): Promise<boolean> {
    const rows = await this.db
      .insert(eventDoorStaff)
      .values({ eventId, userId, addedBy })
      .onConflictDoNothing()
      .returning();
    return rows.length > 0;
  }

  async removeDoorStaff(eventId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(eventDoorStaff)
      .where(and(eq(eventDoorStaff.eventId, eventId), eq(eventDoorStaff.userId, userId)))
      .returning();
    return rows.length > 0;
  }

  /** The events a member may check in at (door staff), or, for admins, every event not ended long ago. */
  async doorEventIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ eventId: eventDoorStaff.eventId })
      .from(eventDoorStaff)
      .where(eq(eventDoorStaff.userId, userId));
    return rows.map((r) => r.eventId);
  }

  /** Events starting from `since` on, soonest first (an admin's choice of door). */
  async recentEvents(since: Date): Promise<EventRow[]> {
    return this.db
      .select(EVENT_COLUMNS)
      .from(events)
      .where(gte(events.startsAt, since))
      .orderBy(asc(events.startsAt))
      .limit(100);
  }

  async eventsByIds(ids: string[]): Promise<EventRow[]> {
    if (!ids.length) return [];
    return this.db
      .select(EVENT_COLUMNS)
      .from(events)
      .where(inArray(events.id, ids))
      .orderBy(asc(events.startsAt));
  }

  /** Events the member is going to that start from `since` on, soonest first. */
  async goingEventsOf(userId: string, since: Date): Promise<EventRow[]> {
    return this.db
      .select(EVENT_COLUMNS)
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(
        and(
          eq(eventAttendees.userId, userId),
          eq(eventAttendees.status, 'going'),
          gte(events.startsAt, since),
        ),
      )
      .orderBy(asc(events.startsAt));
  }

  // ---------- account data ----------

  /** Erasing a door's account keeps who was admitted, not the door's name. */
  async forgetDoor(userId: string, label: string): Promise<void> {
    await this.db
      .update(eventCheckIns)
      .set({ checkedInByName: label })
      .where(eq(eventCheckIns.checkedInBy, userId));
    await this.db.delete(eventDoorStaff).where(eq(eventDoorStaff.userId, userId));
    await this.db.delete(eventCheckIns).where(eq(eventCheckIns.userId, userId));
  }

  async doorStaffRolesOf(userId: string) {
    return this.db.select().from(eventDoorStaff).where(eq(eventDoorStaff.userId, userId));
  }

  private async stateOf(
    tx: Tx,
    event: typeof events.$inferSelect,
    userId: string,
  ): Promise<AdmissionState> {
    const [answer] = await tx
      .select({ status: eventAttendees.status })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, userId)));
    const tickets = await this.ticketsOf(tx, event.id, [userId]);
    return {
      event,
      answer: answer?.status,
      isFree: event.isFree,
      ticketStatuses: tickets.map((t) => t.status),
    };
  }

  private ticketsOf(tx: Tx | Database, eventId: string, userIds: string[]) {
    return tx
      .select()
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, eventId), inArray(eventTickets.userId, userIds)))
      .orderBy(desc(eventTickets.createdAt));
  }
}
