import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import { AppException } from '../errors/app-exception';
import { isCalendarDate } from '../validation/date.decorators';

/** The code of an edit refused because the item changed after the editor loaded it. */
export enum EditConflictErrorCode {
  EDIT_CONFLICT = 'EDIT_CONFLICT',
}

/** For `@ApiErrors` on every edit route that takes `updatedAt`. */
export const EDIT_CONFLICT_ERRORS = { 409: [EditConflictErrorCode.EDIT_CONFLICT] };

/** Someone saved the item between the editor loading it and saving: nothing was written. */
export const editConflict = (): AppException =>
  AppException.conflict(
    'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
    EditConflictErrorCode.EDIT_CONFLICT,
  );

/**
 * Why an edit matched no row: the item is still there, so it changed since the editor loaded it
 * (EDIT_CONFLICT), or it is gone (`notFound`).
 */
export async function refusedEdit(
  stillThere: Promise<unknown>,
  notFound: () => AppException,
): Promise<never> {
  throw (await stillThere) ? editConflict() : notFound();
}

/** An ISO-8601 instant with its time and zone, as the API writes timestamps (milliseconds at most). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

export function isTimestamp(value: unknown): boolean {
  if (typeof value !== 'string' || !TIMESTAMP.test(value) || !isCalendarDate(value)) return false;
  // In UTC, where PostgreSQL reads it: a zone offset can carry 9999-12-31 into year 10000.
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * The optional `updatedAt` of an edit form or body: the item's `updatedAt` exactly as the API
 * returned it when the editor was opened. Given, the edit is refused with EDIT_CONFLICT when the
 * stored item has changed since (optimistic concurrency); left out, the edit is applied as before.
 * Sent but not a timestamp (blank included) is a 400 on the field.
 */
export const LoadedUpdatedAt = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'date-time',
      description:
        'The updatedAt the editor loaded; when the item has changed since, 409 EDIT_CONFLICT and nothing is saved',
    }),
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    ValidateBy(
      { name: 'isTimestamp', validator: { validate: isTimestamp } },
      { message: 'updatedAt must be the timestamp the item was loaded with (ISO 8601)' },
    ),
  );

/** The instant of a validated `updatedAt`, or undefined when the editor sent none. */
export const loadedAt = (updatedAt: string | undefined): Date | undefined =>
  updatedAt === undefined ? undefined : new Date(updatedAt);
