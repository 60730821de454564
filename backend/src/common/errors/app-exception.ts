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
