import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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
  isTimeZone: FieldErrorCode.NOT_ALLOWED,
  isEmail: FieldErrorCode.INVALID_EMAIL,
  isUrl: FieldErrorCode.INVALID_URL,
  isCalendarDate: FieldErrorCode.INVALID_DATE,
  isDateString: FieldErrorCode.INVALID_DATE,
  isTimestamp: FieldErrorCode.INVALID_DATE,
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

/** The field error of a field the body may not carry (a listing form's dotted names use it too). */
export function unknownField(field: string): FieldError {
  return { field, msg: `${field} is not an allowed field`, code: FieldErrorCode.UNKNOWN_FIELD };
}

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
        ? unknownField(field)
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

/** Distinct query strings remembered per DTO class; the oldest go first. */
const MAX_QUERIES_PER_TYPE = 500;

/**
 * The global pipe, remembering what each accepted query string became: lists are asked the same
 * few queries again and again, and class-transformer plus class-validator on them were a tenth of
 * a cached list answer's CPU. The checks depend on the text alone, so the outcome is the same;
 * refusals are not remembered (they run again and answer the same 400). Each call gets its own
 * shallow copy, so a handler changing its query object changes nobody else's.
 */
export class QueryRememberingValidationPipe extends ValidationPipe {
  private readonly accepted = new Map<unknown, Map<string, object>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype;
    if (metadata.type !== 'query' || !type || !value || typeof value !== 'object') {
      return super.transform(value, metadata);
    }
    let known = this.accepted.get(type);
    if (!known) this.accepted.set(type, (known = new Map()));
    const key = JSON.stringify(value);
    let result = known.get(key);
    if (!result) {
      const transformed: unknown = await super.transform(value, metadata);
      if (!transformed || typeof transformed !== 'object') return transformed;
      result = transformed;
      if (known.size >= MAX_QUERIES_PER_TYPE) known.delete(known.keys().next().value as string);
      known.set(key, result);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(result) as object) as object, result);
  }
}

/** Global pipe: strips nothing silently (unknown fields are refused) and reports per field. */
export function createValidationPipe(): ValidationPipe {
  return new QueryRememberingValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: validationFailure,
  });
}
