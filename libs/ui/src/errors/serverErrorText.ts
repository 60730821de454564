import {
  beforeErrorAnswer,
  ErrorCode,
  isApiRequestError,
  type ApiErrorBody,
} from '@diaspora/api-client';
import { errorTextsLoaded, loadErrorTexts } from '@diaspora/i18n';
import type { Translate } from '../readerText';

// A failed call rejects once the error texts are here: a screen that keeps the text it worded
// (a form's message) would otherwise keep the server's English on the first error.
beforeErrorAnswer(errorTextsLoaded);

function fieldName(field: string | undefined, t: Translate): string {
  const last = field?.split('.').pop() ?? '';
  return t(`errors:fieldNames.${last}`, { defaultValue: t('errors:fieldNames._') });
}

/**
 * A 429's wait in the interface's language, worded as the server's English is ("in 45 seconds",
 * else whole minutes rounded up); "in a moment" when the answer did not say.
 */
function waitText(body: ApiErrorBody, t: Translate): string {
  const seconds = body.retryAfter;
  if (typeof seconds !== 'number' || !(seconds > 0)) return t('errors:retry.soon');
  return seconds < 60
    ? t('errors:retry.seconds', { count: Math.ceil(seconds) })
    : t('errors:retry.minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * Each field error in the interface's language, joined; by its code when it has one (the English
 * texts are the server's own msg, so English screens read the server's words, spec 8).
 */
export function fieldErrorsText(body: ApiErrorBody, t: Translate): string | undefined {
  loadErrorTexts();
  const texts = (body.errors ?? [])
    .map((item) =>
      item.code
        ? t(`errors:fields.${item.code}`, {
            field: fieldName(item.field, t),
            msg: item.msg ?? item.message ?? '',
            defaultValue: item.msg ?? item.message,
          })
        : (item.message ?? item.msg),
    )
    .filter((text): text is string => Boolean(text?.trim()));
  return texts.length > 0 ? texts.join(t('errors:separator', { defaultValue: ', ' })) : undefined;
}

/**
 * A server error in the interface's language: field errors for a validation failure, else the
 * text of its code (errors namespace), else the server's msg for a code this build does not know.
 */
export function serverErrorText(body: ApiErrorBody, t: Translate): string | undefined {
  loadErrorTexts();
  if (body.code === ErrorCode.VALIDATION_FAILED) {
    const fields = fieldErrorsText(body, t);
    if (fields) return fields;
  }
  if (body.code) {
    const key = `codes.${body.code}`;
    const text = t(`errors:${key}`, {
      msg: body.msg ?? '',
      wait: waitText(body, t),
      defaultValue: body.msg,
    });
    // A code this build has no text for, without a msg, comes back as its key: never shown.
    if (text?.trim() && !text.endsWith(key)) return text;
  }
  return body.msg || undefined;
}

/** What a failed call says to the user: the server's error in their language, or the fallback. */
export function apiErrorText(cause: unknown, t: Translate, fallback: string): string {
  return (isApiRequestError(cause) && serverErrorText(cause.body, t)) || fallback;
}

/**
 * A failed call's field errors by field, the first for each, in the interface's language, for a
 * form that shows them under its fields; `fieldOf` maps the server's (dotted) names onto the form's.
 * Each goes through fieldErrorsText alone, so it reads as it does in the joined text.
 */
export function fieldErrorsByField(
  cause: unknown,
  t: Translate,
  fieldOf: (field: string) => string = (field) => field,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const item of (isApiRequestError(cause) && cause.body.errors) || []) {
    const field = item.field && fieldOf(item.field);
    const text = field && !fields[field] && fieldErrorsText({ errors: [item] }, t);
    if (text) fields[field] = text;
  }
  return fields;
}
