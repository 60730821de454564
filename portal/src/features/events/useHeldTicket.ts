import { paymentsApi, type MyTicket } from '@diaspora/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventSummary } from './useEvents';

/** GET /payments/tickets: the member's tickets, shared with the profile's My tickets. */
export const MY_TICKETS_KEY = ['payments', 'tickets'] as const;

/**
 * Whether the member holds a paid ticket for this paid event: then Going is a plain answer, never
 * a second payment. Asked only when `enabled` (a member, an event taking answers). `held` is the
 * loaded answer (for the button's label); `check()` is the one to act on: it waits for the answer
 * while it loads and reads it again when it is older than a few seconds. A failed check counts as
 * no ticket: the payment dialog opens and the server refuses a second payment with its reason.
 */
export function useHeldTicket(event: EventSummary | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const asked = enabled && event !== undefined && !event.isFree;
  const eventId = event?._id;
  const holds = (tickets: MyTicket[]) =>
    tickets.some((ticket) => ticket.eventId === eventId && ticket.status === 'paid');
  const query = useQuery({
    queryKey: MY_TICKETS_KEY,
    queryFn: paymentsApi.myTickets,
    enabled: asked,
    select: holds,
  });
  const check = async (): Promise<boolean> => {
    if (!asked) return false;
    try {
      return holds(
        await queryClient.fetchQuery({
          queryKey: MY_TICKETS_KEY,
          queryFn: paymentsApi.myTickets,
          staleTime: 5000,
        }),
      );
    } catch {
      return false;
    }
  };
  return { held: query.data === true, check };
}
