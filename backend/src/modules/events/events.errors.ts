import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';

/** Codes the event, RSVP and ticket rules answer besides the common ones. */
export enum EventsErrorCode {
  EVENT_NOT_FOUND = 'EVENT_NOT_FOUND',
  EVENT_INACTIVE = 'EVENT_INACTIVE',
  EVENT_ENDED = 'EVENT_ENDED',
  EVENT_FULL = 'EVENT_FULL',
  EVENT_IS_FREE = 'EVENT_IS_FREE',
  TICKET_REQUIRED = 'TICKET_REQUIRED',
  EVENT_CANCELLED = 'EVENT_CANCELLED',
  EVENT_HAS_PAID_TICKETS = 'EVENT_HAS_PAID_TICKETS',
  TICKET_ALREADY_HELD = 'TICKET_ALREADY_HELD',
}

/** A missing or malformed event id. */
export const eventNotFound = (): AppException =>
  AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);

/** Spec 8's answer for a ticket the event does not price, on the field that asked for it. */
export const noPricingFor = (field: 'ticketType' | 'amount'): AppException =>
  AppException.invalidField(
    field,
    'Pricing information is not available for this ticket type.',
    FieldErrorCode.NOT_ALLOWED,
  );

/** The member already holds a paid ticket for the event: a second payment is refused. */
export const ticketAlreadyHeld = (): AppException =>
  AppException.conflict(
    'You already have a paid ticket for this event: choose Going to use it',
    EventsErrorCode.TICKET_ALREADY_HELD,
  );

/** An edit may not reopen an event an admin cancelled or is cancelling (its tickets are refunded). */
export const eventCancelledNoReopen = (): AppException =>
  AppException.conflict(
    'This event has been cancelled: it cannot be made active again',
    EventsErrorCode.EVENT_CANCELLED,
  );

/** Paid tickets, or refunds still owed, keep an event until a cancellation refunds them. */
export const eventHasPaidTickets = (): AppException =>
  AppException.conflict(
    'This event has paid tickets: cancel it first, which refunds them and tells the members',
    EventsErrorCode.EVENT_HAS_PAID_TICKETS,
  );
