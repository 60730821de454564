import { useState } from 'react';
import { goingStep, isEventActive } from './eventFormat';
import { useHeldTicket } from './useHeldTicket';
import { useRsvp, type EventSummary, type RsvpAnswer } from './useEvents';

/**
 * What a member's answer does, for the list card and the detail panel alike: a paid event's Going
 * opens the payment unless the member holds the seat or a ticket; a paid event without pricing
 * says so; anything else is sent as the answer. `enabled`: a member, on an event taking answers.
 */
export function useRsvpAnswer(
  event: EventSummary | undefined,
  enabled: boolean,
  on: { noPricing: () => void; failed: (cause: unknown) => void },
) {
  const rsvp = useRsvp(event?._id ?? '');
  const [paying, setPaying] = useState(false);
  const ticket = useHeldTicket(event, enabled && event !== undefined && isEventActive(event));

  const answer = async (status: RsvpAnswer) => {
    if (!event) return;
    const step = status === 'going' ? goingStep(event, await ticket.check()) : 'answer';
    if (step === 'noPricing') return on.noPricing();
    if (step === 'pay') return setPaying(true);
    rsvp.mutate(status, { onError: on.failed });
  };

  return {
    answer,
    paying,
    stopPaying: () => setPaying(false),
    holdsTicket: ticket.held,
    pending: rsvp.isPending,
  };
}
