import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppException, FieldError } from '../errors/app-exception';
import { CommonErrorCode, FieldErrorCode } from '../errors/common.errors';

/** class-validator's constraint names, by the field code clients translate. */
const CONSTRAINT_CODES: Record<string, FieldErrorCode> = {
  isNotEmpty: FieldErrorCode.REQUIRED,
  isDefined: FieldErrorCode.REQUIRED,
  maxLength: FieldErrorCode.TOO_LONG,
  minLength: FieldErrorCode.TOO_SHORT,
  min: FieldErrorCode.OUT_OF_RANGE,
  max: FieldErrorCode.OUT_OF_RANGE,
  arrayMaxSize: FieldErrorCode.OUT_OF_RANGE,
  arrayMinSize: FieldErrorCode.OUT_OF_RANGE,
  isIn: FieldErrorCode.NOT_ALLOWED,
  isEnum: FieldErrorCode.NOT_ALLOWED,
  isEmail: FieldErrorCode.INVALID_EMAIL,
  isUrl: FieldErrorCode.INVALID_URL,
  isCalendarDate: FieldErrorCode.INVALID_DATE,
  isDateString: FieldErrorCode.INVALID_DATE,
  matches: FieldErrorCode.INVALID_FORMAT,
  isString: FieldErrorCode.WRONG_TYPE,
  isBoolean: FieldErrorCode.WRONG_TYPE,
  isInt: FieldErrorCode.WRONG_TYPE,
  isNumber: FieldErrorCode.WRONG_TYPE,
  isObject: FieldErrorCode.WRONG_TYPE,
  isArray: FieldErrorCode.WRONG_TYPE,
  isUuid: FieldErrorCode.WRONG_TYPE,
  nestedValidation: FieldErrorCode.WRONG_TYPE,
  whitelistValidation: FieldErrorCode.UNKNOWN_FIELD,
};

/** Flattens nested class-validator errors into `{ field: 'a.b', msg, code }` triples. */
function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    // Whatever check failed first, a value that is absent or blank is reported as REQUIRED.
    const missing =
      error.value === undefined ||
      error.value === null ||
      (typeof error.value === 'string' && error.value.trim() === '');
    const own = Object.entries(error.constraints ?? {}).map(([constraint, msg]) =>
      constraint === 'whitelistValidation'
        ? { field, msg: `${field} is not an allowed field`, code: FieldErrorCode.UNKNOWN_FIELD }
        : {
            field,
            msg,
            code: missing
              ? FieldErrorCode.REQUIRED
              : (CONSTRAINT_CODES[constraint] ?? FieldErrorCode.INVALID),
          },
    );
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** The one 400 for failed validation, from the pipe or from a multipart form's fields. */
export function validationFailure(errors: ValidationError[]): AppException {
  const fieldErrors = flattenValidationErrors(errors);
  const msg = fieldErrors.map((error) => error.msg).join(', ') || 'The request is not valid';
  return AppException.badRequest(msg, CommonErrorCode.VALIDATION_FAILED, fieldErrors);
}

/** Global pipe: strips nothing silently (unknown fields are refused) and reports per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: validationFailure,
  });
}
