import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { EventsErrorCode } from '../../modules/events/events.errors';
import { AppException } from './app-exception';
import { toErrorBody } from './error-body';

describe('toErrorBody: anything thrown as the one error body', () => {
  it('keeps an AppException body as it is', () => {
    const error = AppException.conflict('This event has ended', EventsErrorCode.EVENT_ENDED);
    expect(toErrorBody(error)).toBe(error.getResponse());
  });

  it("gives Nest's own exceptions the status's text and code when they carry no words", () => {
    const expected: Record<number, [string, string]> = {
      400: ['The request is not valid', 'BAD_REQUEST'],
      401: ['Please log in to continue', 'UNAUTHORIZED'],
      403: ['You do not have permission to do this', 'FORBIDDEN'],
      404: ['Not found', 'NOT_FOUND'],
      405: ['Method not allowed', 'METHOD_NOT_ALLOWED'],
      409: ['Conflict', 'CONFLICT'],
      413: ['The request body is too large', 'PAYLOAD_TOO_LARGE'],
      415: ['This content type is not supported here', 'UNSUPPORTED_MEDIA_TYPE'],
      429: ['Too many attempts. Please try again in a moment.', 'RATE_LIMITED'],
      503: ['Service temporarily unavailable. Please try again later.', 'SERVICE_UNAVAILABLE'],
    };
    for (const [status, [msg, code]] of Object.entries(expected)) {
      expect(toErrorBody(new HttpException({}, Number(status)))).toStrictEqual({
        statusCode: Number(status),
        msg,
        code,
      });
    }
    // A status with no code of its own says only that the request failed.
    expect(toErrorBody(new HttpException({}, 418))).toStrictEqual({
      statusCode: 418,
      msg: 'Request failed',
    });
  });

  it("keeps a Nest exception's own words, a list of them joined", () => {
    expect(toErrorBody(new NotFoundException('No such page'))).toStrictEqual({
      statusCode: 404,
      msg: 'No such page',
      code: 'NOT_FOUND',
    });
    expect(toErrorBody(new HttpException('Slow down', 429))).toStrictEqual({
      statusCode: 429,
      msg: 'Slow down',
      code: 'RATE_LIMITED',
    });
    expect(toErrorBody(new BadRequestException(['a is wrong', 'b is wrong']))).toStrictEqual({
      statusCode: 400,
      msg: 'a is wrong, b is wrong',
      code: 'BAD_REQUEST',
    });
  });

  it("words 413 and 415 its own way, whatever Fastify's message said", () => {
    expect(toErrorBody(new HttpException('FST_ERR_CTP_BODY_TOO_LARGE', 413))).toMatchObject({
      msg: 'The request body is too large',
    });
    expect(toErrorBody(new HttpException('Unsupported Media Type: text/x', 415))).toMatchObject({
      msg: 'This content type is not supported here',
    });
  });

  it("words Fastify's own 4xx errors and hides their FST_ codes", () => {
    const fastify: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
      FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large',
      FST_FILES_LIMIT: 'Too many files were uploaded',
      FST_PARTS_LIMIT: 'Too many form fields were sent',
      FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
    };
    for (const [code, msg] of Object.entries(fastify)) {
      expect(toErrorBody({ statusCode: 400, code, message: 'internal words' })).toStrictEqual({
        statusCode: 400,
        msg,
        code: 'BAD_REQUEST',
      });
    }
    // An FST_ code it has no words for: the status's text and code.
    expect(toErrorBody({ statusCode: 404, code: 'FST_ERR_NOT_FOUND' })).toStrictEqual({
      statusCode: 404,
      msg: 'Not found',
      code: 'NOT_FOUND',
    });
    expect(toErrorBody({ status: 413, code: 42 })).toStrictEqual({
      statusCode: 413,
      msg: 'The request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
    // A 4xx with no text or code of its own is a bad request.
    for (const statusCode of [400, 422, 499]) {
      expect(toErrorBody({ statusCode: statusCode === 400 ? '400' : statusCode })).toStrictEqual({
        statusCode,
        msg: 'The request is not valid',
        code: 'BAD_REQUEST',
      });
    }
  });

  it('answers 503 as unavailable, and an unreachable database as its own 503', () => {
    expect(toErrorBody({ statusCode: 503 })).toStrictEqual({
      statusCode: 503,
      msg: 'Service temporarily unavailable. Please try again later.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const outages = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      // pg's own words for a connection not opened in time, a pool wait run out, a lost server.
      new Error('timeout expired'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const outage of outages) {
      // Drizzle wraps the driver's error in `cause`.
      for (const error of [outage, new Error('Failed query: select 1', { cause: outage })]) {
        expect(toErrorBody(error)).toStrictEqual({
          statusCode: 503,
          msg: 'The database is unavailable right now. Please try again in a moment.',
          code: 'DATABASE_UNAVAILABLE',
        });
      }
    }
    // A query's own timeout is not the database away.
    expect(toErrorBody(new Error('query timeout expired after 5 s')).statusCode).toBe(500);
  });

  it('hides everything else behind one 500, whatever status it claims outside 4xx and 503', () => {
    const internal = {
      statusCode: 500,
      msg: 'Something went wrong on our side. Please try again later.',
      code: 'INTERNAL_ERROR',
    };
    for (const error of [
      new Error('secret stack detail'),
      { statusCode: 399, message: 'odd' },
      { statusCode: 500, message: 'db password is wrong' },
      { statusCode: 502 },
      { statusCode: 400.5 },
      'a string',
      undefined,
      null,
    ]) {
      expect(toErrorBody(error)).toStrictEqual(internal);
    }
  });
});
