import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppException, FieldError } from '../errors/app-exception';

/** Flattens nested class-validator errors into `{ field: 'a.b', msg }` pairs. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((msg) => ({ field, msg }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** Global pipe: strips nothing silently (unknown fields are refused) and reports per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flattenValidationErrors(errors).map((error) =>
        error.msg.startsWith('property ')
          ? { field: error.field, msg: `${error.field} is not an allowed field` }
          : error,
      );
      const msg = fieldErrors.map((error) => error.msg).join(', ') || 'The request is not valid';
      return AppException.badRequest(msg, 'VALIDATION_FAILED', fieldErrors);
    },
  });
}
