import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppException } from '../../common/errors/app-exception';
import { assertSafeInput } from '../../common/validation/safe-input';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { validationFailure } from '../../common/validation/validation.pipe';

/**
 * Turns multipart text fields into a validated DTO, exactly as the global pipe does for JSON:
 * fields named in `jsonFields` carry JSON text (spec 7: location, pricing) and are parsed first.
 * Fields may come nested (a listing's dotted names); a JSON field must be text.
 */
export async function parseFormFields<T extends object>(
  dto: ClassConstructor<T>,
  fields: Record<string, unknown>,
  jsonFields: readonly string[] = [],
): Promise<T> {
  const plain: Record<string, unknown> = { ...fields };
  for (const name of jsonFields) {
    const raw = fields[name];
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
      delete plain[name];
      continue;
    }
    plain[name] = parseJsonField(name, raw);
  }
  // Multipart bodies skip the JSON hook, so their fields meet the same NUL, depth and name rules here.
  assertSafeInput(plain);
  const instance = plainToInstance(dto, plain);
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
  });
  if (errors.length) throw validationFailure(errors);
  return instance;
}

/** A JSON field's value, or a 400 naming it (a nested name such as `location.x` is no JSON text). */
function parseJsonField(name: string, raw: unknown): unknown {
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw);
    } catch {
      // Refused below, like a value that is not text.
    }
  }
  throw AppException.invalidField(
    name,
    `${name} must be valid JSON`,
    FieldErrorCode.INVALID_FORMAT,
  );
}
