import { ValidateBy, ValidationOptions } from 'class-validator';

/** True for a real calendar day written YYYY-MM-DD (optionally followed by a time): not 2026-02-30. */
export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export const IsCalendarDate = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate } }, options);
