/**
 * Field errors without their `code`, for suites that check the messages (spec texts) only; the codes
 * of every field error are checked by test/errors.e2e-spec.ts and the validation pipe's spec.
 */
export function withoutCodes<T extends { code?: unknown }>(
  errors: T | T[],
): Omit<T, 'code'> | Omit<T, 'code'>[] {
  const drop = ({ code: _code, ...rest }: T): Omit<T, 'code'> => rest;
  return Array.isArray(errors) ? errors.map(drop) : drop(errors);
}
