import type { EventRow, TicketType } from './events.schema';

/** What the door is told about one ticket (ADR 0057): one answer, never two readings. */
export const CHECK_IN_RESULTS = [
  'checked_in',
  'already_checked_in',
  'refunded',
  'disputed',
  'not_going',
  'event_cancelled',
  'wrong_event',
  'unknown_code',
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** A queued offline check-in adds one answer: the ticket was admitted at another door first. */
export const SYNC_RESULTS = [...CHECK_IN_RESULTS, 'conflict'] as const;
export type SyncResult = (typeof SYNC_RESULTS)[number];

/** Where an attendee stands, read under the event's share lock. */
export interface AdmissionState {
  event: Pick<EventRow, 'cancelledAt' | 'cancelRequestedAt'>;
  /** Their RSVP answer, if any. */
  answer: string | undefined;
  isFree: boolean;
  /** The states of their paid tickets for the event, newest first. */
  ticketStatuses: string[];
}

/**
 * Whether the door may admit now, or why not. A member is admitted when going (on a paid event,
 * holding a paid ticket); a refunded or disputed ticket says so rather than "not going".
 */
export function decideAdmission(state: AdmissionState): 'admit' | CheckInResult {
  if (state.event.cancelledAt || state.event.cancelRequestedAt) return 'event_cancelled';
  const paid = state.ticketStatuses.includes('paid');
  if (state.answer === 'going' && (state.isFree || paid)) return 'admit';
  if (!paid && state.ticketStatuses[0] === 'disputed') return 'disputed';
  if (!paid && state.ticketStatuses.some((s) => s === 'refunded' || s === 'refunding')) {
    return 'refunded';
  }
  return 'not_going';
}

/** A free event's ticket: general, nothing paid. */
export const FREE_TICKET: { ticketType: TicketType; amountCents: number; currency: string } = {
  ticketType: 'general',
  amountCents: 0,
  currency: 'usd',
};
