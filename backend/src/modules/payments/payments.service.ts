import { venueDateTime } from '../events/venue-time';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { toPricingView } from '../events/events.dto';
import { TICKET_TYPES, TicketRow, TicketType } from '../events/events.schema';
import { noPricingFor, ticketAlreadyHeld } from '../events/events.errors';
import { TicketsService } from '../events/tickets.service';
import {
  CancelEventResultDto,
  ConfirmPaymentDto,
  MyTicketDto,
  ConfirmPaymentResultDto,
  CreatePaymentIntentDto,
  EventPricingDto,
  PaymentIntentDto,
  PaymentsConfigDto,
  TicketDto,
  WebhookResultDto,
} from './payments.dto';
import { STRIPE_CLIENT } from './stripe.client';
import { paymentDisputed, paymentRefunded, PaymentsErrorCode } from './payments.errors';

// Spec 8's text, word for word.
const NOT_CONFIGURED_MSG =
  'Payment processing is not configured. Please contact the administrator to set up the card payment provider.';

/** Paid tickets through Stripe: the server prices, Stripe charges, events records the seat. */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('PaymentsService');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | undefined,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: TicketsService,
  ) {}

  paymentsConfig(): PaymentsConfigDto {
    const enabled = Boolean(this.stripe && this.config.stripe.publishableKey);
    return {
      enabled,
      publishableKey: enabled ? (this.config.stripe.publishableKey ?? null) : null,
    };
  }

  async pricing(eventId: string): Promise<EventPricingDto> {
    const { event, pricing } = await this.events.pricing(eventId);
    return { eventId: event.id, isFree: event.isFree, pricing: toPricingView(pricing) };
  }

  async createIntent(caller: AuthUser, dto: CreatePaymentIntentDto): Promise<PaymentIntentDto> {
    const stripe = this.requireStripe();
    const ticketType = await this.ticketTypeToPrice(dto);
    const { event, amountCents, currency } = await this.events.priceForTicket(
      dto.eventId,
      ticketType,
      caller.id,
    );
    const intent = await callStripe(() =>
      stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        automatic_payment_methods: { enabled: true },
        description: `${event.title}: ${ticketType} ticket`,
        receipt_email: caller.email,
        metadata: { eventId: event.id, userId: caller.id, ticketType },
      }),
    );
    if (!intent.client_secret) {
      throw AppException.unavailable(
        'The payment could not be started',
        PaymentsErrorCode.STRIPE_ERROR,
      );
    }
    return {
      clientSecret: intent.client_secret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      ticketType,
    };
  }

  /**
   * The ticket type an intent is for: the one sent; else, for spec 8's body (eventId, amount,
   * currency), the first type whose price on the event is that amount, in that currency when both
   * name one; else general. Only the type comes from the client: the charge is its stored price.
   */
  private async ticketTypeToPrice(dto: CreatePaymentIntentDto): Promise<TicketType> {
    if (dto.ticketType) return dto.ticketType as TicketType;
    if (dto.amount === undefined) return 'general';
    const { event, pricing } = await this.events.pricing(dto.eventId);
    // A free event is refused as such (409) when the ticket is priced, with or without an amount.
    if (event.isFree) return 'general';
    const cents = Math.round(dto.amount * 100);
    const currency = dto.currency?.trim().toLowerCase();
    const match = (TICKET_TYPES as readonly TicketType[]).find((type) => {
      const price = pricing[type];
      if (!price || Math.round(price.amount * 100) !== cents) return false;
      return !currency || !price.currency || price.currency.toLowerCase() === currency;
    });
    if (!match) {
      throw noPricingFor('amount');
    }
    return match;
  }

  /** Called by the client after Stripe.js confirmed the card; checks everything with Stripe. */
  async confirm(caller: AuthUser, dto: ConfirmPaymentDto): Promise<ConfirmPaymentResultDto> {
    const stripe = this.requireStripe();
    const intent = await callStripe(() => stripe.paymentIntents.retrieve(dto.paymentIntentId));
    if (intent.metadata?.userId !== caller.id || intent.metadata?.eventId !== dto.eventId) {
      throw AppException.forbidden(
        'This payment does not belong to you and this event',
        PaymentsErrorCode.PAYMENT_MISMATCH,
      );
    }
    if (intent.status !== 'succeeded') {
      throw AppException.conflict(
        `The payment has not succeeded yet (status: ${intent.status})`,
        PaymentsErrorCode.PAYMENT_NOT_SUCCEEDED,
      );
    }
    const { ticket, newlyRecorded } = await this.record(stripe, intent);
    return { msg: 'Payment confirmed: you are going', status: 'going', newlyRecorded, ticket };
  }

  /** Stripe's own notice of a payment; the signature is checked against the raw body. */
  async webhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookResultDto> {
    const stripe = this.requireStripe();
    const secret = this.config.stripe.webhookSecret;
    if (!secret)
      throw AppException.unavailable(NOT_CONFIGURED_MSG, PaymentsErrorCode.STRIPE_NOT_CONFIGURED);
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('missing body or signature');
      event = stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw AppException.badRequest(
        'The webhook signature is not valid',
        PaymentsErrorCode.INVALID_SIGNATURE,
      );
    }
    if (event.type === 'payment_intent.succeeded') {
      try {
        await this.record(stripe, event.data.object);
      } catch (error) {
        // A refunded or unusable payment is still "received": Stripe must not retry it forever.
        if (!(error instanceof AppException) || error.getStatus() >= 500) throw error;
        this.logger.warn(`webhook ${event.id}: ${error.message}`);
      }
    }
    // A refund or dispute made in Stripe (dashboard, bank): the ticket stops admitting. Replays
    // of the same notice change nothing.
    if (event.type === 'charge.refunded' && event.data.object.refunded) {
      const intentId = paymentIntentIdOf(event.data.object.payment_intent);
      if (intentId) await this.events.revokeTicket(intentId, 'refunded');
    }
    if (event.type === 'charge.dispute.created') {
      const intentId = paymentIntentIdOf(event.data.object.payment_intent);
      if (intentId) await this.events.revokeTicket(intentId, 'disputed');
    }
    return { received: true };
  }

  /** The caller's tickets, newest first: paid ones admit, refunded and disputed ones do not. */
  async myTickets(caller: AuthUser): Promise<MyTicketDto[]> {
    const rows = await this.events.ticketsOf(caller.id);
    return rows.map((row) => ({
      ...toTicketDto(row),
      eventTitle: row.eventTitle,
      // The event's own `date`: the venue's date and time (its zone says which clock).
      eventDate:
        row.eventStartsAt && row.eventTimeZone && row.eventTime
          ? venueDateTime(row.eventStartsAt, row.eventTimeZone, row.eventTime)
          : null,
      eventCancelled: row.eventCancelledAt !== null,
    }));
  }

  /**
   * An admin cancels an event: it is closed first and marked as being cancelled (no answer, sale,
   * payment or waitlist seat from then on, and no edit reopens it, so a refund frees a seat nobody
   * takes and no ticket is sold past the refunds), every paid ticket is refunded through Stripe
   * (one refund per payment, however often this runs) and marked refunded, then the event is
   * marked cancelled and every member going or waiting is emailed, once: cancelling again emails
   * nobody. The tickets are listed again after that, so nothing paid or owed is left behind. The
   * event and its records stay. If a refund fails the event stays closed but not cancelled, and
   * cancelling again finishes the job.
   */
  async cancelEvent(eventId: string): Promise<CancelEventResultDto> {
    await this.events.pricing(eventId); // 404 for an unknown event
    await this.events.close(eventId);
    const refunded = new Set<string>();
    let count = await this.refundTickets(eventId, refunded);
    await this.events.markCancelled(eventId, refunded);
    count += await this.refundTickets(eventId, refunded);
    return { msg: 'Event cancelled', refundedTickets: count };
  }

  /** Refunds every ticket of the event still paid or owed a refund; how many it refunded. */
  private async refundTickets(eventId: string, holders: Set<string>): Promise<number> {
    const tickets = await this.events.ticketsToRefund(eventId);
    if (!tickets.length) return 0;
    const stripe = this.requireStripe();
    for (const ticket of tickets) {
      await this.refund(stripe, ticket.paymentIntentId);
      await this.events.revokeTicket(ticket.paymentIntentId, 'refunded');
      if (ticket.userId) holders.add(ticket.userId);
    }
    return tickets.length;
  }

  /**
   * Records the ticket once and answers from what it does: success only for a seat. A payment
   * that could seat nobody (a seat lost to a race, a closed event, a second ticket) is refunded
   * rather than overfilling; a replay of one whose refund has not been taken yet (Stripe failed,
   * or the webhook and the member's confirmation overlap) refunds it again, under the same
   * idempotency key, and says so.
   */
  private async record(
    stripe: Stripe,
    intent: Stripe.PaymentIntent,
  ): Promise<{ ticket: TicketDto; newlyRecorded: boolean }> {
    const { eventId, userId, ticketType } = intent.metadata ?? {};
    if (!eventId || !userId || !TICKET_TYPES.includes(ticketType as TicketType)) {
      throw AppException.badRequest(
        'This payment is not an event ticket',
        PaymentsErrorCode.NOT_A_TICKET,
      );
    }
    const result = await this.events.recordPaidTicket({
      eventId,
      userId,
      ticketType: ticketType as TicketType,
      amountCents: intent.amount,
      currency: intent.currency,
      paymentIntentId: intent.id,
    });
    if (result.outcome === 'gone') {
      await this.refund(stripe, intent.id);
      throw paymentRefunded('gone');
    }
    if (result.outcome === 'recorded') {
      return { ticket: toTicketDto(result.ticket), newlyRecorded: true };
    }
    const { ticket } = result;
    if (result.outcome === 'duplicate' && ticket.status === 'paid') {
      if (result.seated) return { ticket: toTicketDto(ticket), newlyRecorded: false };
      // The ticket admits, but its holder stepped back from Going: it is theirs to use.
      throw ticketAlreadyHeld();
    }
    if (ticket.status === 'disputed') throw paymentDisputed();
    if (ticket.status === 'refunding') {
      await this.refund(stripe, intent.id);
      await this.events.markTicketRefunded(ticket.id);
    }
    throw paymentRefunded(result.reason ?? 'full');
  }

  /** One refund per payment, however often this runs (Stripe honours the idempotency key). */
  private async refund(stripe: Stripe, paymentIntentId: string): Promise<void> {
    await callStripe(() =>
      stripe.refunds.create(
        { payment_intent: paymentIntentId },
        { idempotencyKey: `refund-${paymentIntentId}` },
      ),
    );
  }

  private requireStripe(): Stripe {
    if (!this.stripe)
      throw AppException.unavailable(NOT_CONFIGURED_MSG, PaymentsErrorCode.STRIPE_NOT_CONFIGURED);
    return this.stripe;
  }
}

function paymentIntentIdOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.id;
}

function toTicketDto(row: TicketRow): TicketDto {
  return {
    _id: row.id,
    eventId: row.eventId ?? '',
    ticketType: row.ticketType,
    amount: row.amountCents / 100,
    currency: row.currency,
    // A refused payment reads refunded while its refund is owed: it admits nobody, and the server
    // retries the refund on every replay of the payment and on cancelling the event.
    status: row.status === 'refunding' ? 'refunded' : row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stripe's errors in the one error shape: its own message for a client problem, else 502. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      if (error.statusCode === 404)
        throw AppException.notFound(
          'The payment was not found',
          PaymentsErrorCode.PAYMENT_NOT_FOUND,
        );
      if (error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError') {
        throw AppException.badRequest(error.message, PaymentsErrorCode.STRIPE_ERROR);
      }
      throw new AppException(
        502,
        'The payment provider could not be reached',
        PaymentsErrorCode.STRIPE_ERROR,
      );
    }
    throw error;
  }
}
