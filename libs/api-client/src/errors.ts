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

const preparations = new Set<() => Promise<unknown>>();

/**
 * Work a failed call waits for before it rejects: the front ends load the texts of the error codes
 * here, so whatever catches the error words it in the reader's language at once (a text worded
 * before they arrive would stay in English where a screen keeps it).
 */
export function beforeErrorAnswer(prepare: () => Promise<unknown>): () => void {
  preparations.add(prepare);
  return () => preparations.delete(prepare);
}

/** The error of a non-2xx answer, once the preparations have run (one that fails is ignored). */
export async function apiRequestError(
  status: number,
  body: ApiErrorBody,
): Promise<ApiRequestError> {
  await Promise.all([...preparations].map((prepare) => prepare().catch(() => undefined)));
  return new ApiRequestError(status, body);
}
