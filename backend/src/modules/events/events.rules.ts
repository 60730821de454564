import { AppException } from '../../common/errors/app-exception';
import { EventsErrorCode } from './events.errors';
import { RsvpState } from './rsvps.repository';
import { EventRow, RsvpAnswer, RsvpStatus } from './events.schema';

/** The RSVP rules, applied under the event's row lock. */
export function decideRsvp(state: RsvpState, answer: RsvpAnswer, now: Date): RsvpStatus {
  assertOpen(state.event, now);
  if (answer !== 'going') return answer;
  const current = state.current?.status;
  if (current === 'going') return 'going';
  if (!state.event.isFree && !state.hasTicket) {
    throw new AppException(
      402,
      'This is a paid event: please buy a ticket to attend',
      EventsErrorCode.TICKET_REQUIRED,
    );
  }
  const { maxAttendees, goingCount } = state.event;
  if (maxAttendees !== null && goingCount >= maxAttendees) return 'waitlisted';
  return 'going';
}

/** Whether an admin has started cancelling the event (refunds may still be running) or finished. */
export function isCancelled(event: Pick<EventRow, 'cancelledAt' | 'cancelRequestedAt'>): boolean {
  return Boolean(event.cancelledAt || event.cancelRequestedAt);
}

/**
 * An event takes answers, sells tickets and seats its waitlist only while active, not cancelled
 * (nor being cancelled) and not started.
 */
export function isOpen(event: EventRow, now: Date): boolean {
  return !isCancelled(event) && event.isActive && event.startsAt.getTime() >= now.getTime();
}

/** The reason an event is not open (see isOpen), as the answer to an RSVP or a ticket purchase. */
export function assertOpen(event: EventRow, now: Date): void {
  if (isCancelled(event)) {
    throw AppException.conflict('This event has been cancelled', EventsErrorCode.EVENT_CANCELLED);
  }
  if (!event.isActive) {
    throw AppException.conflict('This event is no longer active', EventsErrorCode.EVENT_INACTIVE);
  }
  if (event.startsAt.getTime() < now.getTime()) {
    throw AppException.conflict('This event has ended', EventsErrorCode.EVENT_ENDED);
  }
}
