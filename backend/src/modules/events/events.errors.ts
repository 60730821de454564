import { AppException } from '../../common/errors/app-exception';

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

/** The member already holds a paid ticket for the event: a second payment is refused. */
export const ticketAlreadyHeld = (): AppException =>
  AppException.conflict(
    'You already have a paid ticket for this event: choose Going to use it',
    EventsErrorCode.TICKET_ALREADY_HELD,
  );
