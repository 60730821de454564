import { HttpException, HttpStatus } from '@nestjs/common';

export interface FieldError {
  field: string;
  msg: string;
}

/** The one error body the API returns, whatever went wrong. */
export interface ErrorBody {
  statusCode: number;
  msg: string;
  code?: string;
  errors?: FieldError[];
}

/** An error with a message for people and, where useful, a stable code for clients. */
export class AppException extends HttpException {
  constructor(status: number, msg: string, code?: string, errors?: FieldError[]) {
    const body: ErrorBody = { statusCode: status, msg };
    if (code) body.code = code;
    if (errors?.length) body.errors = errors;
    super(body, status);
  }

  static badRequest(msg: string, code?: string, errors?: FieldError[]) {
    return new AppException(HttpStatus.BAD_REQUEST, msg, code, errors);
  }
  static notFound(msg: string, code = 'NOT_FOUND') {
    return new AppException(HttpStatus.NOT_FOUND, msg, code);
  }
  static conflict(msg: string, code?: string) {
    return new AppException(HttpStatus.CONFLICT, msg, code);
  }
  static forbidden(msg = 'You do not have permission to do this', code = 'FORBIDDEN') {
    return new AppException(HttpStatus.FORBIDDEN, msg, code);
  }
  static unauthorized(msg = 'Please log in to continue', code = 'UNAUTHORIZED') {
    return new AppException(HttpStatus.UNAUTHORIZED, msg, code);
  }
  static unavailable(msg: string, code: string) {
    return new AppException(HttpStatus.SERVICE_UNAVAILABLE, msg, code);
  }
  /** A single-field validation failure, in the same shape the validation pipe produces. */
  static invalidField(field: string, msg: string) {
    return new AppException(HttpStatus.BAD_REQUEST, msg, 'VALIDATION_FAILED', [{ field, msg }]);
  }
}
