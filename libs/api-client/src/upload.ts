import { authStorage } from './authStorage';
import { navigation } from './client';
import { apiRequestError, NetworkError } from './errors';
import { getAppConfig } from './runtimeConfig';
import type { paths } from './schema';
import type { ApiErrorBody } from './types';
import { endsSessionOn401 } from './unauthorizedRule';

/** Paths of the API that take a multipart form with PUT or POST. */
type UploadPath = {
  [P in keyof paths]: paths[P] extends { put: object } | { post: object } ? P : never;
}[keyof paths];

export interface UploadOptions {
  /** Values for the `{name}` segments of the path. */
  path?: Record<string, string>;
  /** Upload progress, 0 to 100, for a progress bar. */
  onProgress?: (percent: number) => void;
}

/** Resolves a 2xx answer's JSON; otherwise applies the 401 rule and rejects with ApiRequestError. */
async function settle<T>(url: string, status: number, text: string): Promise<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = {};
  }
  if (status >= 200 && status < 300) return parsed as T;
  if (status === 401 && endsSessionOn401(url)) {
    authStorage.clear();
    navigation.toLogin();
  }
  throw await apiRequestError(status, parsed as ApiErrorBody);
}

function authorization(): Record<string, string> {
  const token = authStorage.readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Sends a multipart form (a file upload) with the typed client's rules: bearer token, the 401
 * rule of spec 8, ApiRequestError / NetworkError on failure. fetch cannot report upload progress,
 * so with `onProgress` the form goes through XMLHttpRequest instead.
 */
export async function upload<T>(
  method: 'POST' | 'PUT',
  path: UploadPath,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const url =
    (getAppConfig().apiOrigin || globalThis.location?.origin || '') +
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.path?.[name] ?? ''));
  const { onProgress } = options;
  if (!onProgress) {
    let response: Response;
    try {
      response = await globalThis.fetch(
        new Request(url, { method, body, headers: authorization() }),
      );
    } catch (cause) {
      throw new NetworkError(cause);
    }
    return settle<T>(url, response.status, await response.text());
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(authorization())) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.onload = () => {
      settle<T>(url, request.status, request.responseText).then(resolve, reject);
    };
    request.send(body);
  });
}
