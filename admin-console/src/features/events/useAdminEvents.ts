import { api, ErrorCode, isApiRequestError, unwrap } from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEventDetail } from './eventFormModel';
import { sendEventForm } from './eventUpload';

/** Dashboard list size (spec 9). */
export const ADMIN_EVENTS_LIMIT = 50;

/** GET /events?limit=50&page=n: the dashboard's events, 50 a page so older ones stay editable. */
export function useAdminEvents(page = 1) {
  return useQuery({
    queryKey: ['events', 'admin', ADMIN_EVENTS_LIMIT, page],
    queryFn: () =>
      unwrap(api.GET('/api/events', { params: { query: { limit: ADMIN_EVENTS_LIMIT, page } } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /events/:id: the whole event for the editor (the list carries what the table shows). */
export function useAdminEvent(id: string | undefined) {
  return useQuery({
    queryKey: ['events', 'admin', 'detail', id],
    enabled: id !== undefined,
    queryFn: () => unwrap(api.GET('/api/events/{id}', { params: { path: { id: id ?? '' } } })),
  });
}

/**
 * GET /events/time-zones: the zones a venue in the country can be in and the one to preselect
 * (the country's only one, or the city's); a country the API does not know offers every zone.
 */
export function useVenueZones(country: string, city: string) {
  const query = useQuery({
    queryKey: ['events', 'time-zones', country, city.trim()],
    enabled: country !== '',
    staleTime: Infinity,
    queryFn: () =>
      unwrap(
        api.GET('/api/events/time-zones', {
          params: { query: { country, city: city.trim() || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const known = query.data?.zones ?? [];
  const zones = country === '' ? [] : known.length ? known : Intl.supportedValuesOf('timeZone');
  return { zones, suggested: query.data?.suggested ?? '' };
}

/**
 * A zone as the form's option names it: its IANA name in English ("America/Toronto"); in another
 * language, the zone named after its city there and its offset ("ቶሮንቶ ሰዓት · ጂ ኤም ቲ-5").
 */
export function zoneOptionLabel(zone: string, locale: string): string {
  if (locale.startsWith('en')) return zone.replace(/_/g, ' ');
  const name = (style: 'shortGeneric' | 'shortOffset') =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return `${name('shortGeneric')} · ${name('shortOffset')}`;
}

/** POST or PUT /events (multipart, with progress); every events query reloads afterwards. */
export function useSaveEvent(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      form,
      eventId,
    }: {
      form: FormData;
      eventId?: string;
    }): Promise<AdminEventDetail> => sendEventForm(form, eventId, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
    // Someone else saved it meanwhile: reload it, so opening the editor again shows their changes
    // (the open form keeps its values and the version it was opened with).
    onError: (cause) => {
      if (isApiRequestError(cause) && cause.body.code === ErrorCode.EDIT_CONFLICT) {
        void queryClient.invalidateQueries({ queryKey: ['events'] });
      }
    },
  });
}

/** DELETE /events/:id. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/events/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}

/** POST /events/:id/cancel: refunds paid tickets, emails members; the event stays, cancelled. */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST('/api/events/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
