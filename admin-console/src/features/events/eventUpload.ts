import { ApiRequestError, authStorage, getAppConfig, NetworkError } from '@diaspora/api-client';
import type { ApiErrorBody } from '@diaspora/api-client';
import type { paths } from '@diaspora/api-client';
import type { AdminEvent } from './eventFormModel';

// Typed against the OpenAPI paths, so a renamed route fails the build here too.
const CREATE_PATH: keyof paths = '/api/events';
const UPDATE_PATH: keyof paths = '/api/events/{id}';

/**
 * Sends the event form with upload progress. fetch cannot report upload progress, so this one
 * call uses XMLHttpRequest, with the same bearer token and error types as the api-client.
 */
export function sendEventForm(
  body: FormData,
  eventId: string | undefined,
  onProgress: (percent: number) => void,
): Promise<AdminEvent> {
  const path = eventId ? UPDATE_PATH.replace('{id}', encodeURIComponent(eventId)) : CREATE_PATH;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(eventId ? 'PUT' : 'POST', `${getAppConfig().apiOrigin}${path}`);
    const token = authStorage.readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        parsed = {};
      }
      if (request.status >= 200 && request.status < 300) resolve(parsed as AdminEvent);
      else reject(new ApiRequestError(request.status, parsed as ApiErrorBody));
    };
    request.send(body);
  });
}
