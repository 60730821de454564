import { HttpException, HttpStatus } from '@nestjs/common';
import { ErrorBody } from './app-exception';
import { CommonErrorCode } from './common.errors';
import { isDatabaseUnavailable } from './database-unavailable';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large',
  FST_FILES_LIMIT: 'Too many files were uploaded',
  FST_PARTS_LIMIT: 'Too many form fields were sent',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
};

const STATUS_CODES: Record<number, CommonErrorCode> = {
  400: CommonErrorCode.BAD_REQUEST,
  401: CommonErrorCode.UNAUTHORIZED,
  403: CommonErrorCode.FORBIDDEN,
  404: CommonErrorCode.NOT_FOUND,
  405: CommonErrorCode.METHOD_NOT_ALLOWED,
  409: CommonErrorCode.CONFLICT,
  413: CommonErrorCode.PAYLOAD_TOO_LARGE,
  415: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: CommonErrorCode.RATE_LIMITED,
  503: CommonErrorCode.SERVICE_UNAVAILABLE,
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Please log in to continue',
  403: 'You do not have permission to do this',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'The request body is too large',
  415: 'This content type is not supported here',
  429: 'Too many attempts. Please try again in a moment.',
  503: 'Service temporarily unavailable. Please try again later.',
};

interface ErrorLike {
  statusCode?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Maps anything thrown (Nest, Fastify, driver) to the one error body; hides internals of 5xx. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'msg' in response) {
      return response as ErrorBody;
    }
    const message =
      typeof response === 'string'
        ? response
        : (response as { message?: string | string[] }).message;
    const msg = Array.isArray(message) ? message.join(', ') : message;
    // Fastify's own errors (bad JSON, body too large) reach here re-wrapped by Nest.
    const preferred = status === 413 || status === 415 ? STATUS_MESSAGES[status] : undefined;
    return {
      statusCode: status,
      msg: preferred || msg || STATUS_MESSAGES[status] || 'Request failed',
      ...(STATUS_CODES[status] ? { code: STATUS_CODES[status] } : {}),
    };
  }
  const like = (error ?? {}) as ErrorLike;
  const status = Number(like.statusCode ?? like.status);
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    const fastifyCode = typeof like.code === 'string' ? like.code : undefined;
    const msg =
      (fastifyCode && FASTIFY_MESSAGES[fastifyCode]) ||
      STATUS_MESSAGES[status] ||
      'The request is not valid';
    // Fastify's own codes (FST_*) are internals: clients get the documented code of the status.
    const code = STATUS_CODES[status] ?? CommonErrorCode.BAD_REQUEST;
    return { statusCode: status, msg, code };
  }
  if (Number.isInteger(status) && status === 503) {
    return { statusCode: status, msg: STATUS_MESSAGES[503], code: 'SERVICE_UNAVAILABLE' };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      msg: 'The database is unavailable right now. Please try again in a moment.',
      code: CommonErrorCode.DATABASE_UNAVAILABLE,
    };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    msg: 'Something went wrong on our side. Please try again later.',
    code: CommonErrorCode.INTERNAL_ERROR,
  };
}
