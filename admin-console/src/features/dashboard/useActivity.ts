import { api, unwrap, type components } from '@diaspora/api-client';
import { useQuery } from '@tanstack/react-query';

export type ActivitySeries = components['schemas']['ActivitySeriesDto'];

/** GET /admin/activity?days: one daily series per module (RSVPs, registrations…). */
export function useActivity(days: number) {
  return useQuery({
    queryKey: ['admin', 'activity', days],
    queryFn: () => unwrap(api.GET('/api/admin/activity', { params: { query: { days } } })),
  });
}
