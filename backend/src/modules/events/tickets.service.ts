import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { Transactions } from '../../db/transactions';
import { RemindersService } from '../reminders/reminders.service';
import { eventNotFound, EventsErrorCode, noPricingFor, ticketAlreadyHeld } from './events.errors';
import { EventsMailer } from './events.mailer';
import { EventsRepository } from './events.repository';
import { assertOpen } from './events.rules';
import { EventPricing, EventRow, TicketRow, TicketType } from './events.schema';
import { EventsService } from './events.service';
import { TicketRefusal, TicketsRepository } from './tickets.repository';

/** A paid ticket as payments hand it over after Stripe confirmed the charge. */
export interface PaidTicket {
  eventId: string;
  userId: string;
  ticketType: TicketType;
  amountCents: number;
  currency: string;
  paymentIntentId: string;
}

/** What recording a paid ticket did (see TicketOutcome in the repository). */
export type PaidTicketResult =
  | { outcome: 'recorded'; ticket: TicketRow }
  | { outcome: 'refused'; ticket: TicketRow; reason: TicketRefusal }
  | { outcome: 'duplicate'; ticket: TicketRow; seated: boolean; reason?: TicketRefusal }
  | { outcome: 'gone' };

/** Tickets for payments: prices, recording a paid seat, refunds, disputes and cancellation. */
@Injectable()
export class TicketsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly tickets: TicketsRepository,
    private readonly eventsService: EventsService,
    private readonly mailer: EventsMailer,
    private readonly transactions: Transactions,
    private readonly reminders: RemindersService, // issue 17: event reminders
  ) {}

  /** For payments: the event's prices (display units) and whether it is paid. */
  async pricing(id: string): Promise<{ event: EventRow; pricing: EventPricing }> {
    const event = await this.eventsService.requireEvent(id);
    return { event, pricing: event.pricing };
  }

  /**
   * For payments, before charging: the price of a ticket type on an event that can still be
   * attended and has a seat, for a member who holds no paid ticket for it yet (their Going is a
   * plain answer). Amounts come from the stored pricing only.
   */
  async priceForTicket(
    eventId: string,
    ticketType: TicketType,
    userId: string,
  ): Promise<{ event: EventRow; amountCents: number; currency: string }> {
    const event = await this.eventsService.requireEvent(eventId);
    assertOpen(event, new Date());
    if (event.isFree) {
      throw AppException.conflict(
        'This event is free: no ticket is needed',
        EventsErrorCode.EVENT_IS_FREE,
      );
    }
    const price = event.pricing[ticketType];
    if (!price) throw noPricingFor('ticketType');
    const amountCents = Math.round(price.amount * 100);
    if (amountCents <= 0) {
      throw AppException.invalidField(
        'ticketType',
        'This ticket type has no price to pay',
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    if (await this.tickets.holdsPaidTicket(event.id, userId)) throw ticketAlreadyHeld();
    if (event.maxAttendees !== null && event.goingCount >= event.maxAttendees) {
      throw AppException.conflict(
        'This event is full: no tickets are left',
        EventsErrorCode.EVENT_FULL,
      );
    }
    return { event, amountCents, currency: price.currency || 'usd' };
  }

  /** For payments: records a confirmed payment as a ticket and a Going answer, exactly once. */
  async recordPaidTicket(ticket: PaidTicket): Promise<PaidTicketResult> {
    // The ticket, the seat and the receipt (an outbox row) commit together.
    return this.transactions.run(async () => {
      const outcome = await this.tickets.recordTicket({ ...ticket, status: 'paid' });
      if (outcome.kind === 'no-event') return { outcome: 'gone' };
      if (outcome.kind === 'duplicate') {
        const { ticket: recorded, seated, reason } = outcome;
        return { outcome: 'duplicate', ticket: recorded, seated, reason };
      }
      if (outcome.kind === 'refused') {
        return { outcome: 'refused', ticket: outcome.ticket, reason: outcome.reason };
      }
      await this.mailer.receipt(ticket.userId, outcome.event, ticket);
      this.reminders.changed(outcome.event.startsAt); // a reminder may be due at once
      return { outcome: 'recorded', ticket: outcome.ticket };
    });
  }

  /** For payments: the caller's own tickets and their states. */
  ticketsOf(userId: string) {
    return this.tickets.ticketsOf(userId);
  }

  /**
   * For payments, first in a cancellation: the event stops taking answers, payments and waitlist
   * seats, so refunding its tickets seats nobody and no ticket is sold past the refunds.
   */
  close(id: string): Promise<void> {
    return this.events.close(id);
  }

  /** For payments: the tickets an event cancellation must refund (paid, or refused and owed). */
  ticketsToRefund(eventId: string): Promise<TicketRow[]> {
    return this.tickets.ticketsToRefund(eventId);
  }

  /**
   * For payments, after it refunded the paid tickets: marks the event cancelled (kept with its
   * records) and emails every member who was going or waiting, and every refunded ticket holder.
   * Only the call that cancelled it emails: cancelling again (a double click, a retry) tells nobody
   * twice.
   */
  async markCancelled(id: string, refundedUserIds: Set<string>): Promise<EventRow> {
    // The cancelled state and its emails (outbox rows) commit together.
    return this.transactions.run(async () => {
      const result = await this.events.cancel(id);
      if (!result) throw eventNotFound();
      if ('already' in result) return result.event;
      // Ticket holders were going until their refund; they are told alongside those still listed.
      const userIds = new Set([
        ...result.members.map((member) => member.userId),
        ...refundedUserIds,
      ]);
      await this.mailer.cancelled(result.event, userIds, refundedUserIds);
      return result.event;
    });
  }

  /** For payments: a refund or dispute made in Stripe; the ticket no longer admits. */
  async revokeTicket(paymentIntentId: string, status: 'refunded' | 'disputed'): Promise<boolean> {
    // The revoked ticket, the seat it frees and the promotion emails commit together.
    return this.transactions.run(async () => {
      const result = await this.tickets.revokeTicket(paymentIntentId, status);
      if (result?.event) {
        await this.mailer.promoted(result.event, result.promoted);
        if (result.promoted.length) this.reminders.changed(result.event.startsAt);
      }
      return result !== undefined;
    });
  }

  /** For payments: Stripe took the refund of a refused payment. */
  markTicketRefunded(ticketId: string): Promise<void> {
    return this.tickets.markRefunded(ticketId);
  }
}
