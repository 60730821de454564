import { isApiRequestError } from '@diaspora/api-client';

/** A failed save's field errors by field (`education.0.year` included), and its message. */
export function serverErrors(error: unknown): { fields: Record<string, string>; msg?: string } {
  if (!isApiRequestError(error)) return { fields: {} };
  const fields: Record<string, string> = {};
  for (const item of error.body.errors ?? []) {
    const text = item.msg ?? item.message;
    if (item.field && text && !fields[item.field]) fields[item.field] = text;
  }
  return { fields, msg: error.body.msg };
}

/** "a, b, ,c" → ["a", "b", "c"]: lists are typed as comma-separated text. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
