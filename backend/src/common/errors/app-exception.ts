import { HttpException, HttpStatus } from '@nestjs/common';
import { CommonErrorCode, FieldErrorCode } from './common.errors';

export interface FieldError {
  field: string;
  msg: string;
  /** Set by every producer; a missing one is filled with INVALID so clients can rely on it. */
  code?: FieldErrorCode;
}

/** The one error body the API returns, whatever went wrong. */
export interface ErrorBody {
  statusCode: number;
  msg: string;
  code?: string;
  errors?: FieldError[];
  /** A 429's wait in whole seconds (also sent as Retry-After), so a screen can say how long. */
  retryAfter?: number;
}

// Stryker disable next-line ObjectLiteral: 'always' is the default, said here so no wait reads "now"
const inEnglish = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * A wait as the English texts say it: "in 45 seconds" under a minute, else in whole minutes
 * rounded up ("in 1 minute"); the front ends' `errors:retry` texts word it the same way.
 */
export function waitText(seconds: number): string {
  return seconds < 60
    ? inEnglish.format(seconds, 'second')
    : inEnglish.format(Math.ceil(seconds / 60), 'minute');
}

/**
 * An error with a message for people and a stable code for clients. Codes are members of a
 * module's `<Feature>ErrorCode` enum (never string literals: the lint forbids them), listed on the
 * operation with `@ApiErrors` so they reach the OpenAPI document and the front ends' texts.
 */
export class AppException extends HttpException {
  constructor(status: number, msg: string, code?: string, errors?: FieldError[]) {
    const body: ErrorBody = { statusCode: status, msg };
    if (code) body.code = code;
    if (errors?.length) {
      body.errors = errors.map((error) => ({
        ...error,
        code: error.code ?? FieldErrorCode.INVALID,
      }));
    }
    super(body, status);
  }

  static badRequest(msg: string, code?: string, errors?: FieldError[]) {
    return new AppException(HttpStatus.BAD_REQUEST, msg, code, errors);
  }
  static notFound(msg: string, code: string = CommonErrorCode.NOT_FOUND) {
    return new AppException(HttpStatus.NOT_FOUND, msg, code);
  }
  static conflict(msg: string, code?: string) {
    return new AppException(HttpStatus.CONFLICT, msg, code);
  }
  static forbidden(
    msg = 'You do not have permission to do this',
    code: string = CommonErrorCode.FORBIDDEN,
  ) {
    return new AppException(HttpStatus.FORBIDDEN, msg, code);
  }
  static unauthorized(
    msg = 'Please log in to continue',
    code: string = CommonErrorCode.UNAUTHORIZED,
  ) {
    return new AppException(HttpStatus.UNAUTHORIZED, msg, code);
  }
  /** A 429 that says how long to wait: `msgFor` words the wait ("in 45 seconds") into its text. */
  static tooManyRequests(code: string, waitMs: number, msgFor: (wait: string) => string) {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    const exception = new AppException(
      HttpStatus.TOO_MANY_REQUESTS,
      msgFor(waitText(retryAfter)),
      code,
    );
    (exception.getResponse() as ErrorBody).retryAfter = retryAfter;
    return exception;
  }
  static unavailable(msg: string, code: string) {
    return new AppException(HttpStatus.SERVICE_UNAVAILABLE, msg, code);
  }
  /** A single-field validation failure, in the same shape the validation pipe produces. */
  static invalidField(field: string, msg: string, code: FieldErrorCode = FieldErrorCode.INVALID) {
    return new AppException(HttpStatus.BAD_REQUEST, msg, CommonErrorCode.VALIDATION_FAILED, [
      { field, msg, code },
    ]);
  }
}
