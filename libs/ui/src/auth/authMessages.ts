import { isApiRequestError, isNetworkError, type ApiErrorBody } from '@diaspora/api-client';
import { serverErrorText } from '../errors/serverErrorText';
import type { Translate } from '../readerText';

/** What is known about a failed sign-in or registration. */
export interface AuthFailure {
  network: boolean;
  body: ApiErrorBody;
  /** The error's own message, for failures that are not API answers. */
  message?: string;
}

export function describeAuthFailure(error: unknown): AuthFailure {
  if (isNetworkError(error)) return { network: true, body: {} };
  if (isApiRequestError(error)) return { network: false, body: error.body };
  return { network: false, body: {}, message: error instanceof Error ? error.message : undefined };
}

function joinedErrors(body: ApiErrorBody): string | undefined {
  const messages = (body.errors ?? [])
    .map((item) => item.message ?? item.msg)
    .filter((text): text is string => Boolean(text));
  return messages.length > 0 ? messages.join(', ') : undefined;
}

/** The server's message in the interface's language (by its code), else its own msg. */
function msgOf(body: ApiErrorBody, t: Translate): string | undefined {
  return serverErrorText(body, t);
}

/** Spec section 8: msg, joined errors, error, the error's message, then Registration failed. */
export function registrationMessage(failure: AuthFailure, t: Translate): string {
  const { body } = failure;
  return (
    msgOf(body, t) ||
    joinedErrors(body) ||
    body.error ||
    failure.message ||
    t('auth:errors.registrationFailed')
  );
}

/** Spec section 8: network, msg, error, joined errors, the error's message, then Login failed. */
export function loginMessage(failure: AuthFailure, t: Translate): string {
  if (failure.network) return t('auth:errors.network');
  const { body } = failure;
  return (
    msgOf(body, t) ||
    body.error ||
    joinedErrors(body) ||
    failure.message ||
    t('auth:errors.loginFailed')
  );
}
