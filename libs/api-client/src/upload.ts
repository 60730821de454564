import { authStorage } from './authStorage';
import { ApiRequestError, NetworkError } from './errors';
import { getAppConfig } from './runtimeConfig';
import type { paths } from './schema';
import type { ApiErrorBody } from './types';

export type UploadPath = keyof paths;

/**
 * Sends a multipart form with upload progress. fetch cannot report upload progress, so uploads
 * use XMLHttpRequest, with the same bearer token and error types as the typed client.
 * `path` is an OpenAPI path (a renamed route fails the build); `{id}` is filled from `params`.
 */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  path: UploadPath,
  body: FormData,
  options: { params?: Record<string, string>; onProgress?: (percent: number) => void } = {},
): Promise<T> {
  const url = Object.entries(options.params ?? {}).reduce<string>(
    (result, [name, value]) => result.replace(`{${name}}`, encodeURIComponent(value)),
    path,
  );
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${getAppConfig().apiOrigin}${url}`);
    const token = authStorage.readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        parsed = {};
      }
      if (request.status >= 200 && request.status < 300) resolve(parsed as T);
      else reject(new ApiRequestError(request.status, parsed as ApiErrorBody));
    };
    request.send(body);
  });
}
