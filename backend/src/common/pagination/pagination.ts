import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { AppException } from '../errors/app-exception';
import { FieldErrorCode } from '../errors/common.errors';

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and keeps the offset well inside PostgreSQL's 64-bit range. */
export const MAX_PAGE = 1_000_000;

/**
 * `page` and `limit` query parameters, shared by every list. Extend it for filters. The pipe
 * reports a field's first failed check and class-validator checks the lowest decorator first: the
 * type, then the range (`limit=ten` is "a whole number", not "at most 100").
 */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be a whole number' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;
}

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

/** Resolves a query's page window, with the list's own default page size. */
export function pageWindow(query: PageQueryDto, defaultLimit = 20): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

export type Paginated<K extends string, T> = { [key in K]: T[] } & {
  total: number;
  page: number;
  totalPages: number;
};

/** Builds `{ <items>, total, page, totalPages }`, items named as the spec reads them. */
export function paginated<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  window: PageWindow,
): Paginated<K, T> {
  return {
    [key]: items,
    total,
    page: window.page,
    totalPages: Math.ceil(total / window.limit),
  } as Paginated<K, T>;
}

/** Longest cursor accepted: an ISO time and a UUID, base64url-encoded, with room to spare. */
const MAX_CURSOR_LENGTH = 200;

/** `page`/`limit` plus an opaque `cursor` (a list's `nextCursor`) for flat-cost deep paging. */
export class CursorPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      "The previous answer's nextCursor: the next items after it (page is then only echoed); " +
      'costs the same at any depth',
    maxLength: MAX_CURSOR_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_CURSOR_LENGTH, { message: 'cursor is not one this list gave out' })
  @IsString({ message: 'cursor must be text' })
  cursor?: string;
}

export const NextCursorProperty = () =>
  ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as cursor for the items after this page; null on the last page',
  });

/** The position of the last item of a page: its sort time and id (the stable tie-breaker). */
export interface Keyset {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A position in a list ordered by several times (a missing one is null) and then the id. */
export interface TimesKeyset {
  times: (Date | null)[];
  id: string;
}

export function encodeTimesCursor(key: TimesKeyset): string {
  const times = key.times.map((time) => time?.toISOString() ?? '');
  return Buffer.from([...times, key.id].join('|')).toString('base64url');
}

function badCursor(): AppException {
  return AppException.invalidField(
    'cursor',
    'cursor is not one this list gave out',
    FieldErrorCode.INVALID_FORMAT,
  );
}

/**
 * Reads a cursor this API gave out, with one time per entry of `nullable` (true: that time may be
 * missing); anything else is a 400 on `cursor`.
 */
export function decodeTimesCursor(cursor: string, nullable: readonly boolean[]): TimesKeyset {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const id = parts.pop();
  if (parts.length !== nullable.length || !id || !UUID.test(id)) throw badCursor();
  const times = parts.map((part, i) => {
    if (part === '' && nullable[i]) return null;
    const time = new Date(part);
    // Only the form encodeTimesCursor writes, in four-digit years (PostgreSQL has no year 0).
    const given = !Number.isNaN(time.getTime()) && time.toISOString() === part;
    const year = time.getUTCFullYear();
    if (!given || year < 1 || year > 9999) throw badCursor();
    return time;
  });
  return { times, id };
}

export function encodeCursor(key: Keyset): string {
  return encodeTimesCursor({ times: [key.at], id: key.id });
}

/** Reads a cursor this API gave out; anything else is a 400 on the `cursor` field. */
export function decodeCursor(cursor: string): Keyset {
  const { times, id } = decodeTimesCursor(cursor, [false]);
  return { at: times[0] as Date, id };
}

/** The next page's cursor when this page is full (one more row was read to know). */
export function nextCursorOf<T>(rows: T[], limit: number, key: (row: T) => Keyset): string | null {
  return rows.length > limit ? encodeCursor(key(rows[limit - 1])) : null;
}

/** nextCursorOf for lists ordered by several times. */
export function nextTimesCursorOf<T>(
  rows: T[],
  limit: number,
  key: (row: T) => TimesKeyset,
): string | null {
  return rows.length > limit ? encodeTimesCursor(key(rows[limit - 1])) : null;
}
