import { upload } from '@diaspora/api-client';
import type { AdminEventDetail } from './eventFormModel';

/** Sends the event form (create, or edit with an id) with upload progress, through the api-client. */
export function sendEventForm(
  body: FormData,
  eventId: string | undefined,
  onProgress: (percent: number) => void,
): Promise<AdminEventDetail> {
  return eventId
    ? upload('PUT', '/api/events/{id}', body, { path: { id: eventId }, onProgress })
    : upload('POST', '/api/events', body, { onProgress });
}
