import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gte,
  inArray,
  lt,
  SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { matchesSearch } from '../../common/search/full-text';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, sameUpdatedAt, unchangedSince } from '../../db/edit-version';
import { Keyset, PageWindow } from '../../common/pagination/pagination';
import {
  AttendeeRow,
  eventAttendees,
  EventRow,
  events,
  eventTickets,
  NewEventRow,
  NewTicketRow,
  RsvpStatus,
  TicketRow,
} from './events.schema';
import { isCancelled, isOpen } from './events.rules';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Tickets still owed something: paid (they admit, or are refunded on cancelling) or refunding. */
const OWED_STATUSES: Array<TicketRow['status']> = ['paid', 'refunding'];

/** An event as its detail reads it: with its waitlist length (lists do not carry it). */
export type ListedEvent = EventRow & { waitlistCount: number };

export interface EventFilters {
  upcoming?: boolean;
  search?: string;
  category?: string;
  country?: string;
}

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

/**
 * Why a paid ticket seats nobody and its payment is refunded: the event is gone, cancelled or
 * closed (inactive), its holder already has a paid ticket for it, or it is full.
 */
export type TicketRefusal = 'gone' | 'closed' | 'held' | 'full';

export type TicketOutcome =
  | { kind: 'recorded'; ticket: TicketRow; event: EventRow; promoted: string[] }
  /** Recorded as `refunding`: the payment seats nobody and is to be refunded. */
  | { kind: 'refused'; ticket: TicketRow; reason: TicketRefusal }
  /**
   * Recorded before. `seated`: it admits and its holder is going now. `reason`, for a ticket that
   * admits nobody: why, as the state reads now (`full` when nothing else explains it).
   */
  | { kind: 'duplicate'; ticket: TicketRow; seated: boolean; reason?: TicketRefusal }
  | { kind: 'no-event' };

export interface Attendee {
  userId: string;
  status: string;
}

/** Every column but the search vector, which only the database needs. */
const { search: _search, ...eventColumns } = getTableColumns(events);

/** The detail also reads the waitlist length, in the same query. */
const detailColumns = {
  ...eventColumns,
  waitlistCount:
    sql<number>`(select count(*) from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.status} = 'waitlisted')`.mapWith(
      Number,
    ),
};

@Injectable()
export class EventsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * One page of events: upcoming ones first, soonest first, then (unless `upcoming`) past ones,
   * most recent first; after `window.after` (keyset, the same cost at any depth) or at
   * `window.offset`. Each part is read on the start index in its own direction. Reads one row more
   * than the page so the caller knows whether one follows.
   */
  async list(
    filters: EventFilters,
    window: PageWindow & { after?: Keyset },
    now: Date,
  ): Promise<EventRow[]> {
    const base = this.conditions({ ...filters, upcoming: false }, now);
    const want = window.limit + 1;
    const upcoming = (after: Keyset | undefined, offset: number) =>
      this.part(base, 'upcoming', now, { after, offset, limit: want });
    if (filters.upcoming) return upcoming(window.after, window.offset);
    const past = (after: Keyset | undefined, offset: number, limit: number) =>
      this.part(base, 'past', now, { after, offset, limit });
    let head: EventRow[] = [];
    let pastOffset = 0;
    if (window.after) {
      if (window.after.at.getTime() < now.getTime()) return past(window.after, 0, want);
      head = await upcoming(window.after, 0);
    } else {
      const ahead = window.offset > 0 ? await this.count({ ...filters, upcoming: true }, now) : 0;
      if (window.offset >= ahead && window.offset > 0) pastOffset = window.offset - ahead;
      else head = await upcoming(undefined, window.offset);
    }
    if (head.length >= want) return head;
    return [...head, ...(await past(undefined, pastOffset, want - head.length))];
  }

  /** Upcoming (soonest first) or past (most recent first) events of a filter. */
  private async part(
    base: SQL[],
    part: 'upcoming' | 'past',
    now: Date,
    window: { after?: Keyset; offset: number; limit: number },
  ): Promise<EventRow[]> {
    const ascending = part === 'upcoming';
    const conditions = [...base, ascending ? gte(events.startsAt, now) : lt(events.startsAt, now)];
    if (window.after) {
      const { at, id } = window.after;
      conditions.push(
        ascending
          ? sql`(${events.startsAt}, ${events.id}) > (${at.toISOString()}::timestamptz, ${id}::uuid)`
          : sql`(${events.startsAt}, ${events.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
      );
    }
    const order = ascending
      ? [asc(events.startsAt), asc(events.id)]
      : [desc(events.startsAt), desc(events.id)];
    const where = and(...conditions);
    if (window.after || window.offset === 0) {
      return this.db
        .select(eventColumns)
        .from(events)
        .where(where)
        .orderBy(...order)
        .limit(window.limit);
    }
    // A deep numbered page: the rows to skip are walked on the ordered index alone (ids only),
    // and the whole row is read for the page's rows only.
    const page = this.db
      .select({ pageId: events.id })
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return this.db
      .select(eventColumns)
      .from(events)
      .innerJoin(page, eq(events.id, page.pageId))
      .orderBy(...order);
  }

  /** How many events match the filters (the list's total). */
  async count(filters: EventFilters, now: Date): Promise<number> {
    const conditions = this.conditions(filters, now);
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(events)
      .where(conditions.length ? and(...conditions) : undefined);
    return total;
  }

  private conditions(filters: EventFilters, now: Date): SQL[] {
    const conditions: SQL[] = [];
    if (filters.upcoming) conditions.push(gte(events.startsAt, now));
    if (filters.category) conditions.push(eq(events.category, filters.category));
    if (filters.country) conditions.push(eq(events.country, filters.country));
    const search = matchesSearch(events.search, filters.search);
    if (search) conditions.push(search);
    return conditions;
  }

  /** The first members going to one event, in answer order (the detail's "Who's going"). */
  async firstGoing(eventId: string, limit: number): Promise<Attendee[]> {
    return this.db
      .select({ userId: eventAttendees.userId, status: eventAttendees.status })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'going')))
      .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.userId))
      .limit(limit);
  }

  async findById(id: string): Promise<ListedEvent | undefined> {
    const [row] = await this.db.select(detailColumns).from(events).where(eq(events.id, id));
    return row;
  }

  /** Every event's id and last change, the most recently changed first (the sitemap). */
  async recentlyChanged(limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .orderBy(desc(events.updatedAt), asc(events.id))
      .limit(limit);
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: events.id }).from(events).where(eq(events.id, id));
    return row !== undefined;
  }

  /** Active events that have not started yet (the home page's figure). */
  async countUpcoming(now: Date): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(events)
      .where(and(eq(events.isActive, true), gte(events.startsAt, now)));
    return total;
  }

  async countAll(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(events);
    return total;
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

  async create(values: NewEventRow): Promise<EventRow> {
    const [row] = await this.db.insert(events).values(values).returning();
    return row;
  }

  /**
   * Updates and, when the new capacity allows, seats waitlisted members, in one transaction. An
   * event cancelled or being cancelled (read under the row lock) is never made active again:
   * `reopen` and nothing changed, so a form loaded before the cancellation cannot resume sales.
   * With `loadedAt` (the updatedAt the form was opened with), an event edited since is `conflict`
   * and nothing changed: checked under the same lock, so no edit slips in between.
   */
  async update(
    id: string,
    values: Partial<NewEventRow>,
    loadedAt?: Date,
  ): Promise<{ event: EventRow; promoted: string[] } | 'reopen' | 'conflict' | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          event: events,
          unchanged: unchangedSince(events.updatedAt, loadedAt) ?? sql<boolean>`true`,
        })
        .from(events)
        .where(eq(events.id, id))
        .for('update');
      if (!row) return undefined;
      if (!row.unchanged) return 'conflict';
      if (isCancelled(row.event) && values.isActive) return 'reopen';
      const [updated] = await tx
        .update(events)
        .set({
          ...values,
          updatedAt: nextUpdatedAt(events.updatedAt),
          sequence: sql`${events.sequence} + 1`,
        })
        .where(eq(events.id, id))
        .returning();
      const { event, promoted } = await this.promoteWaitlisted(tx, updated);
      return { event, promoted };
    });
  }

  /**
   * Deletes the event unless a ticket of it is paid or refunding (a refund still owed): checked
   * and deleted under the event's row lock, which recording a ticket takes too, so no payment is
   * recorded between the check and the delete (its ticket would lose its event, unrefunded).
   */
  async deleteUnlessOwed(id: string): Promise<'deleted' | 'owed' | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: events.id })
        .from(events)
        .where(eq(events.id, id))
        .for('update');
      if (!locked) return undefined;
      const [owed] = await tx
        .select({ id: eventTickets.id })
        .from(eventTickets)
        .where(and(eq(eventTickets.eventId, id), inArray(eventTickets.status, OWED_STATUSES)))
        .limit(1);
      if (owed) return 'owed';
      await tx.delete(events).where(eq(events.id, id));
      return 'deleted';
    });
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
      let updated = event;
      if (delta !== 0) {
        [updated] = await tx
          .update(events)
          .set({
            goingCount: sql`${events.goingCount} + ${delta}`,
            updatedAt: sameUpdatedAt(events.updatedAt),
          })
          .where(eq(events.id, eventId))
          .returning();
      }
      const promoted = await this.promoteWaitlisted(tx, updated);
      return { event: promoted.event, status, previous, promoted: promoted.promoted };
    });
  }

  /**
   * Records a paid ticket once per payment intent and seats its holder, atomically with the seat
   * count. A replay finds the ticket and changes nothing. A payment that cannot seat its holder (the
   * event cancelled or closed, a ticket already held, no seat left) is recorded as `refunding`,
   * which admits nobody, for the caller to refund: the decision is kept even if Stripe cannot be
   * reached, and every replay finds it.
   */
  async recordTicket(
    ticket: NewTicketRow & { eventId: string; userId: string },
  ): Promise<TicketOutcome> {
    return this.db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(events)
        .where(eq(events.id, ticket.eventId))
        .for('update');
      const [existing] = await tx
        .select()
        .from(eventTickets)
        .where(eq(eventTickets.paymentIntentId, ticket.paymentIntentId));
      if (existing) return this.duplicate(tx, existing, event);
      if (!event) return { kind: 'no-event' };
      const current = await this.currentAnswer(tx, event.id, ticket.userId);
      const refusal = await this.refusalOf(tx, event, ticket.userId, current);
      const [inserted] = await tx
        .insert(eventTickets)
        .values({ ...ticket, status: refusal ? 'refunding' : 'paid' })
        .onConflictDoNothing({ target: eventTickets.paymentIntentId })
        .returning();
      // A concurrent recording of the same payment won the insert: this one is the replay.
      if (!inserted) {
        const [winner] = await tx
          .select()
          .from(eventTickets)
          .where(eq(eventTickets.paymentIntentId, ticket.paymentIntentId));
        return this.duplicate(tx, winner, event);
      }
      if (refusal) return { kind: 'refused', ticket: inserted, reason: refusal };
      if (current?.status === 'going') {
        return { kind: 'recorded', ticket: inserted, event, promoted: [] };
      }
      await this.writeAnswer(tx, event.id, ticket.userId, 'going', current?.status);
      const [updated] = await tx
        .update(events)
        .set({
          goingCount: sql`${events.goingCount} + 1`,
          updatedAt: sameUpdatedAt(events.updatedAt),
        })
        .where(eq(events.id, event.id))
        .returning();
      return { kind: 'recorded', ticket: inserted, event: updated, promoted: [] };
    });
  }

  /**
   * Stripe refunded or disputed a payment: its ticket stops admitting. The holder's Going answer
   * (held by that ticket) becomes Not going and the seat goes to the waitlist, under the event's
   * row lock. Idempotent: a ticket already in that state changes nothing (undefined).
   */
  async revokeTicket(
    paymentIntentId: string,
    status: 'refunded' | 'disputed',
  ): Promise<{ ticket: TicketRow; event?: EventRow; promoted: string[] } | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(eventTickets)
        .where(eq(eventTickets.paymentIntentId, paymentIntentId));
      if (!current || current.status === status || current.status === 'refunded') return undefined;
      const [event] = current.eventId
        ? await tx.select().from(events).where(eq(events.id, current.eventId)).for('update')
        : [];
      const [ticket] = await tx
        .update(eventTickets)
        .set({ status })
        .where(eq(eventTickets.id, current.id))
        .returning();
      if (!event || !current.userId) return { ticket, promoted: [] };
      const answer = await this.currentAnswer(tx, event.id, current.userId);
      const stillHolds = await this.hasPaidTicket(tx, event.id, current.userId);
      if (answer?.status !== 'going' || stillHolds) return { ticket, event, promoted: [] };
      await this.writeAnswer(tx, event.id, current.userId, 'not going', answer.status);
      const [updated] = await tx
        .update(events)
        .set({
          goingCount: sql`${events.goingCount} - 1`,
          updatedAt: sameUpdatedAt(events.updatedAt),
        })
        .where(eq(events.id, event.id))
        .returning();
      const promoted = await this.promoteWaitlisted(tx, updated);
      return { ticket, event: promoted.event, promoted: promoted.promoted };
    });
  }

  /**
   * The first step of a cancellation: the event stops taking answers, selling tickets, recording
   * payments and seating from its waitlist (inactive, and marked as being cancelled, which no edit
   * clears) before its tickets are refunded. Under the row lock recording a ticket takes, so every
   * ticket recorded before is listed for refund and every one after is refused.
   */
  async close(id: string): Promise<void> {
    await this.db
      .update(events)
      .set({
        isActive: false,
        cancelRequestedAt: sql`coalesce(${events.cancelRequestedAt}, now())`,
        sequence: sql`${events.sequence} + 1`,
      })
      .where(eq(events.id, id));
  }

  /**
   * Marks the event cancelled (and inactive). `members` (going or waiting, for the email) only for
   * the call that cancelled it: a repeated or concurrent cancellation gets `already` and no list.
   */
  async cancel(
    id: string,
  ): Promise<
    { event: EventRow; members: AttendeeRow[] } | { event: EventRow; already: true } | undefined
  > {
    const [event] = await this.db
      .update(events)
      .set({ cancelledAt: sql`now()`, isActive: false, sequence: sql`${events.sequence} + 1` })
      .where(and(eq(events.id, id), sql`${events.cancelledAt} is null`))
      .returning();
    if (!event) {
      const [existing] = await this.db.select().from(events).where(eq(events.id, id));
      return existing ? { event: existing, already: true } : undefined;
    }
    const members = await this.db
      .select()
      .from(eventAttendees)
      .where(
        and(
          eq(eventAttendees.eventId, id),
          inArray(eventAttendees.status, ['going', 'waitlisted']),
        ),
      );
    return { event, members };
  }

  /** A member's tickets, newest first, with their event's title, start and cancellation (null once deleted). */
  async ticketsOf(userId: string): Promise<
    Array<
      TicketRow & {
        eventTitle: string | null;
        eventStartsAt: Date | null;
        eventTime: string | null;
        eventTimeZone: string | null;
        eventCancelledAt: Date | null;
      }
    >
  > {
    return this.db
      .select({
        ...getTableColumns(eventTickets),
        eventTitle: events.title,
        eventStartsAt: events.startsAt,
        eventTime: events.time,
        eventTimeZone: events.timeZone,
        eventCancelledAt: events.cancelledAt,
      })
      .from(eventTickets)
      .leftJoin(events, eq(events.id, eventTickets.eventId))
      .where(eq(eventTickets.userId, userId))
      .orderBy(desc(eventTickets.createdAt));
  }

  /** Tickets of this event a cancellation refunds: paid, or refused with the refund still owed. */
  async ticketsToRefund(eventId: string): Promise<TicketRow[]> {
    return this.db
      .select()
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, eventId), inArray(eventTickets.status, OWED_STATUSES)));
  }

  /** Stripe took the refund of a refused payment (a dispute meanwhile is kept). */
  async markRefunded(id: string): Promise<void> {
    await this.db
      .update(eventTickets)
      .set({ status: 'refunded' })
      .where(and(eq(eventTickets.id, id), eq(eventTickets.status, 'refunding')));
  }

  /** Whether the member holds a ticket that admits to this event. */
  holdsPaidTicket(eventId: string, userId: string): Promise<boolean> {
    return this.hasPaidTicket(this.db, eventId, userId);
  }

  private async currentAnswer(
    tx: Tx,
    eventId: string,
    userId: string,
  ): Promise<AttendeeRow | undefined> {
    const [row] = await tx
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
    return row;
  }

  /**
   * Why a paid ticket of `userId` would seat nobody on this event now, if it would not (see
   * TicketRefusal); `current` is their answer.
   */
  private async refusalOf(
    tx: Tx,
    event: EventRow | undefined,
    userId: string | null,
    current: AttendeeRow | undefined,
  ): Promise<TicketRefusal | undefined> {
    if (!event) return 'gone';
    if (isCancelled(event) || !event.isActive) return 'closed';
    if (userId && (await this.hasPaidTicket(tx, event.id, userId))) return 'held';
    if (current?.status === 'going') return undefined;
    if (event.maxAttendees !== null && event.goingCount >= event.maxAttendees) return 'full';
    return undefined;
  }

  /** A payment recorded before, with what it does now (see TicketOutcome). */
  private async duplicate(
    tx: Tx,
    ticket: TicketRow,
    event: EventRow | undefined,
  ): Promise<TicketOutcome> {
    if (ticket.status === 'paid') {
      const current =
        event && ticket.userId ? await this.currentAnswer(tx, event.id, ticket.userId) : undefined;
      return { kind: 'duplicate', ticket, seated: current?.status === 'going' };
    }
    const reason = (await this.refusalOf(tx, event, ticket.userId, undefined)) ?? 'full';
    return { kind: 'duplicate', ticket, seated: false, reason };
  }

  private async hasPaidTicket(
    tx: Tx | Database,
    eventId: string,
    userId: string,
  ): Promise<boolean> {
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

  private async writeAnswer(
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

  /**
   * Seats waitlisted members, longest waiting first, while capacity allows (caller holds the lock).
   * Only on an event that takes answers (active, not cancelled, not started), and on a paid event
   * only members who hold a paid ticket: a seat is never given unpaid, nor on a closed event.
   */
  private async promoteWaitlisted(
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
    const [updated] = await tx
      .update(events)
      .set({
        goingCount: sql`${events.goingCount} + ${promoted.length}`,
        updatedAt: sameUpdatedAt(events.updatedAt),
      })
      .where(eq(events.id, event.id))
      .returning();
    return { event: updated, promoted };
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

  /** Issue 17: tickets stay for accounting without their holder. */
  async detachTickets(userId: string): Promise<void> {
    await this.db.update(eventTickets).set({ userId: null }).where(eq(eventTickets.userId, userId));
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
