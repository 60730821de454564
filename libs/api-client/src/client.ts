import createClient, { type Middleware } from 'openapi-fetch';
import { authStorage } from './authStorage';
import { apiRequestError, NetworkError } from './errors';
import { firstData } from './firstData';
import { getAppConfig } from './runtimeConfig';
import { ErrorCode, type paths } from './schema';
import type { ApiErrorBody } from './types';
import { endsSessionOn401 } from './unauthorizedRule';

/** Where the browser goes when the session ends; replaceable in tests. */
export const navigation = {
  toLogin(): void {
    window.location.assign('/login');
  },
  toCompleteProfile(): void {
    window.location.assign(COMPLETE_PROFILE);
  },
};

const COMPLETE_PROFILE = '/complete-profile';

const bearerToken: Middleware = {
  onRequest({ request }) {
    const token = authStorage.readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

const sessionExpiry: Middleware = {
  onResponse({ request, response }) {
    if (response.status === 401 && endsSessionOn401(request.url)) {
      authStorage.clear();
      navigation.toLogin();
    }
    return response;
  },
};

/**
 * Issue 37: a member without country or profession keeps only their account; whatever else they
 * try, the API's 403 PROFILE_INCOMPLETE sends them to the form that completes it (once there, not again).
 */
const profileIncomplete: Middleware = {
  async onResponse({ response }) {
    if (response.status !== 403 || globalThis.location?.pathname === COMPLETE_PROFILE) return;
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as ApiErrorBody | undefined;
    if (body?.code === ErrorCode.PROFILE_INCOMPLETE) navigation.toCompleteProfile();
  },
};

function createApiClient() {
  // openapi-fetch leaves the Content-Type unset for FormData bodies so the browser adds the boundary.
  const client = createClient<paths>({
    // Absolute, so requests also resolve outside a page (tests, workers).
    baseUrl: getAppConfig().apiOrigin || globalThis.location?.origin || '',
    fetch: (request) => globalThis.fetch(request),
  });
  // After the bearer token: a signed-in request is never answered from the HTML.
  client.use(bearerToken, firstData, sessionExpiry, profileIncomplete);
  return client;
}

/** The typed client; per-feature hooks wrap it, components never build URLs. */
export const api = createApiClient();

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Resolves to the data of a 2xx answer; otherwise throws ApiRequestError or NetworkError. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (result.response.ok) return result.data as T;
  const body = (
    result.error && typeof result.error === 'object' ? result.error : {}
  ) as ApiErrorBody;
  throw await apiRequestError(result.response.status, body);
}
