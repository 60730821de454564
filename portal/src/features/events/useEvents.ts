import {
  api,
  getAppConfig,
  toEventCategory,
  toRsvpAnswer,
  unwrap,
  type RsvpAnswer,
  type RsvpStatus,
  type TicketType,
} from '@diaspora/api-client';
import type { components } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredQuery } from '../../shared/useDeferredQuery';

type Schemas = components['schemas'];

export type { RsvpAnswer, RsvpStatus };
export type { TicketType };

// The generator emits a separate enum per DTO; the screens use plain string unions instead.
type Plain<T> = Omit<T, 'category' | 'userStatus'> & {
  category: string;
  userStatus?: RsvpStatus | null;
};
export type EventSummary = Plain<Schemas['EventSummaryDto']>;
export type EventDetail = Plain<Omit<Schemas['EventDto'], 'attendees'>> & {
  attendees: Array<{ user: { _id: string; name: string }; status: string }>;
};

/** Cards per page of the events list (spec 9). */
export const EVENTS_PAGE_SIZE = 12;

export interface EventFilters {
  search: string;
  category: string;
  country: string;
  upcomingOnly: boolean;
  page: number;
}

/** GET /events with page, limit=12, upcoming, search, category, country: the list page. */
export function useEventsList(filters: EventFilters) {
  return useDeferredQuery(
    useQuery({
      queryKey: ['events', 'list', filters],
      queryFn: () =>
        unwrap(
          api.GET('/api/events', {
            params: {
              query: {
                page: filters.page,
                limit: EVENTS_PAGE_SIZE,
                upcoming: filters.upcomingOnly || undefined,
                search: filters.search || undefined,
                category: toEventCategory(filters.category),
                country: filters.country || undefined,
              },
            },
          }),
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /events?limit=4&upcoming=true: the home page's upcoming events. */
export function useUpcomingEvents(limit = 4) {
  return useDeferredQuery(
    useQuery({
      queryKey: ['events', 'upcoming', limit],
      queryFn: () =>
        unwrap(api.GET('/api/events', { params: { query: { limit, upcoming: true } } })),
    }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Event ids are UUIDs; anything else cannot exist, so it is not worth a request. */
export function isEventId(id: string | undefined): id is string {
  return typeof id === 'string' && UUID.test(id);
}

/** GET /events/:id: the event with its attendees. */
export function useEvent(id: string | undefined) {
  return useQuery({
    queryKey: ['events', 'detail', id],
    enabled: isEventId(id),
    retry: false,
    queryFn: async (): Promise<EventDetail> =>
      unwrap(api.GET('/api/events/{id}', { params: { path: { id: id ?? '' } } })),
  });
}

/** POST /events/:id/rsvp; every events query reloads afterwards (counts and answers change). */
export function useRsvp(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RsvpAnswer) =>
      unwrap(
        api.POST('/api/events/{id}/rsvp', {
          params: { path: { id: eventId } },
          body: { status: toRsvpAnswer(status) },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}

/** The "Add to calendar" file of an event. */
export function calendarUrl(eventId: string): string {
  return `${getAppConfig().apiOrigin}/api/events/${encodeURIComponent(eventId)}/ics`;
}

/** GET /payments/config: whether card payments are on. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: () => unwrap(api.GET('/api/payments/config')),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /payments/events/:id/pricing; the dialog falls back to the event's own pricing. */
export function useEventPricing(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'pricing', eventId],
    enabled,
    retry: false,
    queryFn: () =>
      unwrap(api.GET('/api/payments/events/{id}/pricing', { params: { path: { id: eventId } } })),
  });
}

export { paymentsApi } from '@diaspora/api-client';
