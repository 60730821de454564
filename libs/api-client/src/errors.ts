import type { ApiErrorBody } from './types';

/** A non-2xx answer from the API, with its parsed error body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.msg ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
}

/** The request never got an answer (server down, offline, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network error');
    this.name = 'NetworkError';
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
