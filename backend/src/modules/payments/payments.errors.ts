import { AppException } from '../../common/errors/app-exception';
import type { TicketRefusal } from '../events/tickets.repository';

/** Codes of the card payment routes besides the common ones. */
export enum PaymentsErrorCode {
  STRIPE_NOT_CONFIGURED = 'STRIPE_NOT_CONFIGURED',
  STRIPE_ERROR = 'STRIPE_ERROR',
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  PAYMENT_MISMATCH = 'PAYMENT_MISMATCH',
  PAYMENT_NOT_SUCCEEDED = 'PAYMENT_NOT_SUCCEEDED',
  NOT_A_TICKET = 'NOT_A_TICKET',
  INVALID_SIGNATURE = 'INVALID_SIGNATURE',
  EVENT_GONE_REFUNDED = 'EVENT_GONE_REFUNDED',
  EVENT_FULL_REFUNDED = 'EVENT_FULL_REFUNDED',
  EVENT_CLOSED_REFUNDED = 'EVENT_CLOSED_REFUNDED',
  DUPLICATE_TICKET_REFUNDED = 'DUPLICATE_TICKET_REFUNDED',
  PAYMENT_DISPUTED = 'PAYMENT_DISPUTED',
}

/** What every call that reaches Stripe may answer, by status. */
export const STRIPE_ERRORS = {
  400: [PaymentsErrorCode.STRIPE_ERROR],
  502: [PaymentsErrorCode.STRIPE_ERROR],
  503: [PaymentsErrorCode.STRIPE_NOT_CONFIGURED, PaymentsErrorCode.STRIPE_ERROR],
};

/** What a member paying for a seat they could not get is told, by why they got none. */
const REFUNDED: Record<TicketRefusal, [msg: string, code: PaymentsErrorCode]> = {
  gone: [
    'This event no longer exists. Your payment has been refunded.',
    PaymentsErrorCode.EVENT_GONE_REFUNDED,
  ],
  closed: [
    'This event has been cancelled or closed. Your payment has been refunded.',
    PaymentsErrorCode.EVENT_CLOSED_REFUNDED,
  ],
  held: [
    'You already had a paid ticket for this event. This second payment has been refunded.',
    PaymentsErrorCode.DUPLICATE_TICKET_REFUNDED,
  ],
  full: [
    'The event filled up before your payment completed. Your payment has been refunded.',
    PaymentsErrorCode.EVENT_FULL_REFUNDED,
  ],
};

/** The answer to a payment that was refunded instead of seating its payer. */
export const paymentRefunded = (reason: TicketRefusal): AppException =>
  AppException.conflict(...REFUNDED[reason]);

/** A disputed payment: its ticket no longer admits, so it is no confirmed seat. */
export const paymentDisputed = (): AppException =>
  AppException.conflict(
    'This payment is disputed with your bank: its ticket no longer admits',
    PaymentsErrorCode.PAYMENT_DISPUTED,
  );
