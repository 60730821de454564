import { Injectable } from '@nestjs/common';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import {
  AttendeeRow,
  EventRow,
  events,
  eventTickets,
  NewTicketRow,
  TicketRow,
} from './events.schema';
import { isCancelled } from './events.rules';
import { RsvpsRepository } from './rsvps.repository';

/** Tickets still owed something: paid (they admit, or are refunded on cancelling) or refunding. */
const OWED_STATUSES: Array<TicketRow['status']> = ['paid', 'refunding'];

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

/**
 * Paid tickets and their refunds. A ticket seats its holder and a refund frees the seat: the
 * seat moves through the RSVP repository in this repository's transaction, under the event's lock.
 */
@Injectable()
export class TicketsRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly rsvps: RsvpsRepository,
  ) {}

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
      const current = await this.rsvps.currentAnswer(tx, event.id, ticket.userId);
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
      await this.rsvps.writeAnswer(tx, event.id, ticket.userId, 'going', current?.status);
      const updated = await this.rsvps.addGoing(tx, event.id, 1);
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
      const answer = await this.rsvps.currentAnswer(tx, event.id, current.userId);
      const stillHolds = await this.rsvps.hasPaidTicket(tx, event.id, current.userId);
      if (answer?.status !== 'going' || stillHolds) return { ticket, event, promoted: [] };
      await this.rsvps.writeAnswer(tx, event.id, current.userId, 'not going', answer.status);
      const updated = await this.rsvps.addGoing(tx, event.id, -1);
      const promoted = await this.rsvps.promoteWaitlisted(tx, updated);
      return { ticket, event: promoted.event, promoted: promoted.promoted };
    });
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

  /** Whether a ticket of this event is paid or refunding (a refund still owed), read in `tx`. */
  async isOwed(tx: Tx, eventId: string): Promise<boolean> {
    const [owed] = await tx
      .select({ id: eventTickets.id })
      .from(eventTickets)
      .where(and(eq(eventTickets.eventId, eventId), inArray(eventTickets.status, OWED_STATUSES)))
      .limit(1);
    return owed !== undefined;
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
    return this.rsvps.hasPaidTicket(this.db, eventId, userId);
  }

  /** Issue 17: tickets stay for accounting without their holder. */
  async detachTickets(userId: string): Promise<void> {
    await this.db.update(eventTickets).set({ userId: null }).where(eq(eventTickets.userId, userId));
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
    if (userId && (await this.rsvps.hasPaidTicket(tx, event.id, userId))) return 'held';
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
        event && ticket.userId
          ? await this.rsvps.currentAnswer(tx, event.id, ticket.userId)
          : undefined;
      return { kind: 'duplicate', ticket, seated: current?.status === 'going' };
    }
    const reason = (await this.refusalOf(tx, event, ticket.userId, undefined)) ?? 'full';
    return { kind: 'duplicate', ticket, seated: false, reason };
  }
}
