import 'reflect-metadata';
import { ArgumentMetadata } from '@nestjs/common';
import { AppException, ErrorBody } from '../errors/app-exception';
import { createValidationPipe } from '../validation/validation.pipe';
import {
  CursorPageQueryDto,
  decodeCursor,
  decodeTimesCursor,
  encodeCursor,
  encodeTimesCursor,
  NextCursorProperty,
  nextCursorOf,
  nextTimesCursorOf,
  pageWindow,
  paginated,
  PageQueryDto,
} from './pagination';

/** Where @nestjs/swagger keeps a property's schema (its API_MODEL_PROPERTIES). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = new Date('2026-11-25T12:34:56.789Z');

/** What the global pipe makes of a list's query string: the DTO, or the 400's body. */
async function query(dto: new () => object, value: Record<string, unknown>) {
  const metadata: ArgumentMetadata = { type: 'query', metatype: dto };
  try {
    return await createValidationPipe().transform(value, metadata);
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return error.getResponse() as ErrorBody;
  }
}

/** The 400 body of a cursor that is not one the API gave out, or what it decodes to. */
function decoded(run: () => unknown) {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return error.getResponse() as ErrorBody;
  }
}

const badCursor = {
  statusCode: 400,
  msg: 'cursor is not one this list gave out',
  code: 'VALIDATION_FAILED',
  errors: [
    { field: 'cursor', msg: 'cursor is not one this list gave out', code: 'INVALID_FORMAT' },
  ],
};

describe('page and limit', () => {
  it('takes whole numbers from 1 to their bounds, the bounds included', async () => {
    expect(await query(PageQueryDto, { page: '1', limit: '1' })).toEqual({ page: 1, limit: 1 });
    expect(await query(PageQueryDto, { page: '1000000', limit: '100' })).toEqual({
      page: 1_000_000,
      limit: 100,
    });
    expect(await query(PageQueryDto, {})).toEqual({});
  });

  it('says what is wrong with each, one error per field', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ page: '0' }, 'page must be at least 1', 'OUT_OF_RANGE'],
      [{ page: '1000001' }, 'page must be at most 1000000', 'OUT_OF_RANGE'],
      [{ page: '1.5' }, 'page must be a whole number', 'WRONG_TYPE'],
      [{ limit: '0' }, 'limit must be at least 1', 'OUT_OF_RANGE'],
      [{ limit: '101' }, 'limit must be at most 100', 'OUT_OF_RANGE'],
      [{ limit: 'ten' }, 'limit must be a whole number', 'WRONG_TYPE'],
      [{ page: 'x' }, 'page must be a whole number', 'WRONG_TYPE'],
      [{ limit: '2.5' }, 'limit must be a whole number', 'WRONG_TYPE'],
    ];
    for (const [value, msg, code] of cases) {
      const field = Object.keys(value)[0];
      expect(await query(PageQueryDto, value)).toMatchObject({
        statusCode: 400,
        errors: [{ field, msg, code }],
      });
    }
  });

  it('takes a cursor of up to 200 characters of text', async () => {
    const cursor = 'c'.repeat(200);
    expect(await query(CursorPageQueryDto, { cursor })).toEqual({ cursor });
    expect(await query(CursorPageQueryDto, { cursor: `${cursor}c` })).toMatchObject({
      errors: [{ field: 'cursor', msg: 'cursor is not one this list gave out', code: 'TOO_LONG' }],
    });
    expect(await query(CursorPageQueryDto, { cursor: ['a', 'b'] })).toMatchObject({
      errors: [{ field: 'cursor', msg: 'cursor must be text', code: 'WRONG_TYPE' }],
    });
  });

  it('documents the cursor and nextCursor in the OpenAPI document', () => {
    const property = (target: object, key: string) =>
      Reflect.getMetadata(API_MODEL_PROPERTIES, target, key) as Record<string, unknown>;
    expect(property(CursorPageQueryDto.prototype, 'cursor')).toMatchObject({
      required: false,
      maxLength: 200,
      description:
        "The previous answer's nextCursor: the next items after it (page is then only echoed); costs the same at any depth",
    });
    class Page {
      @NextCursorProperty() nextCursor: string | null;
    }
    expect(property(Page.prototype, 'nextCursor')).toMatchObject({
      nullable: true,
      type: String,
      description: 'Pass as cursor for the items after this page; null on the last page',
    });
  });
});

describe('page windows and paged answers', () => {
  it("resolves a query's window with the list's default size", () => {
    expect(pageWindow({})).toEqual({ page: 1, limit: 20, offset: 0 });
    expect(pageWindow({}, 12)).toEqual({ page: 1, limit: 12, offset: 0 });
    expect(pageWindow({ page: 3, limit: 5 }, 12)).toEqual({ page: 3, limit: 5, offset: 10 });
  });

  it('names the items as the spec reads them and counts the pages, a partial one too', () => {
    const window = pageWindow({ page: 2, limit: 10 });
    expect(paginated('events', ['a'], 21, window)).toEqual({
      events: ['a'],
      total: 21,
      page: 2,
      totalPages: 3,
    });
    expect(paginated('news', [], 20, window).totalPages).toBe(2);
    expect(paginated('news', [], 0, window).totalPages).toBe(0);
  });
});

describe('cursors', () => {
  it('reads back the position it wrote', () => {
    expect(decodeCursor(encodeCursor({ at: AT, id: ID }))).toEqual({ at: AT, id: ID });
    const key = { times: [AT, null, new Date('2001-01-01T00:00:00.000Z')], id: ID };
    expect(decodeTimesCursor(encodeTimesCursor(key), [false, true, false])).toEqual(key);
    // Base64url of "<time>|<id>": nothing a URL must escape.
    expect(encodeCursor({ at: AT, id: ID })).toBe(
      Buffer.from(`${AT.toISOString()}|${ID}`).toString('base64url'),
    );
  });

  it('refuses any other text as the 400 of the cursor field', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'not base64 at all',
      encode(ID),
      encode(`${AT.toISOString()}|`),
      encode(`${AT.toISOString()}|not-a-uuid`),
      encode(`${AT.toISOString()}|x${ID}`),
      encode(`${AT.toISOString()}|${ID}x`),
      encode(`${AT.toISOString()}|${AT.toISOString()}|${ID}`),
      encode(`|${ID}`),
      encode(`2026-11-25|${ID}`),
      encode(`2026-11-25T12:34:56Z|${ID}`),
      encode(`yesterday|${ID}`),
      encode(`+010000-01-01T00:00:00.000Z|${ID}`),
      encode(`0000-12-31T00:00:00.000Z|${ID}`),
    ]) {
      expect(decoded(() => decodeCursor(cursor))).toStrictEqual(badCursor);
    }
    // The first and last years PostgreSQL takes are fine.
    for (const time of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      expect(decodeCursor(encode(`${time}|${ID}`)).at.toISOString()).toBe(time);
    }
    // A missing time only where the list allows one.
    expect(decoded(() => decodeTimesCursor(encode(`|${ID}`), [true]))).toEqual({
      times: [null],
      id: ID,
    });
    expect(decoded(() => decodeTimesCursor(encode(`|${ID}`), [false]))).toStrictEqual(badCursor);
    expect(
      decoded(() => decodeTimesCursor(encode(`${AT.toISOString()}|${ID}`), [false, true])),
    ).toStrictEqual(badCursor);
    // Upper-case hex is still a UUID.
    expect(decodeCursor(encode(`${AT.toISOString()}|${ID.toUpperCase()}`)).id).toBe(
      ID.toUpperCase(),
    );
  });

  it('gives the next cursor only when one more row than the page was read', () => {
    const rows = [
      { at: new Date('2026-01-03T00:00:00Z'), id: ID },
      { at: new Date('2026-01-02T00:00:00Z'), id: ID },
      { at: new Date('2026-01-01T00:00:00Z'), id: ID },
    ];
    const key = (row: (typeof rows)[number]) => row;
    expect(nextCursorOf(rows, 2, key)).toBe(encodeCursor(rows[1]));
    expect(nextCursorOf(rows, 3, key)).toBeNull();
    const timesKey = (row: (typeof rows)[number]) => ({ times: [row.at, null], id: row.id });
    expect(nextTimesCursorOf(rows, 2, timesKey)).toBe(encodeTimesCursor(timesKey(rows[1])));
    expect(nextTimesCursorOf(rows, 3, timesKey)).toBeNull();
  });
});
