import { sendMultipart } from '@diaspora/api-client';
import type { AdminEvent } from './eventForm';

/** Sends the event form with upload progress through the api-client's one upload transport. */
export function sendEventForm(
  body: FormData,
  eventId: string | undefined,
  onProgress: (percent: number) => void,
): Promise<AdminEvent> {
  return eventId
    ? sendMultipart<AdminEvent>('PUT', '/api/events/{id}', body, {
        params: { id: eventId },
        onProgress,
      })
    : sendMultipart<AdminEvent>('POST', '/api/events', body, { onProgress });
}
