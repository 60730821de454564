import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AppException } from '../../common/errors/app-exception';
import { assertSafeInput } from '../../common/validation/safe-input';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { validationFailure } from '../../common/validation/validation.pipe';

/**
 * Turns multipart text fields into a validated DTO, exactly as the global pipe does for JSON:
 * fields named in `jsonFields` carry JSON text (spec 7: location, pricing) and are parsed first.
 */
export async function parseFormFields<T extends object>(
  dto: ClassConstructor<T>,
  fields: Record<string, string>,
  jsonFields: readonly string[] = [],
): Promise<T> {
  const plain: Record<string, unknown> = { ...fields };
  for (const name of jsonFields) {
    const raw = fields[name];
    if (raw === undefined || raw.trim() === '') {
      delete plain[name];
      continue;
    }
    try {
      plain[name] = JSON.parse(raw);
    } catch {
      throw AppException.invalidField(
        name,
        `${name} must be valid JSON`,
        FieldErrorCode.INVALID_FORMAT,
      );
    }
  }
  // Multipart bodies skip the JSON hook, so their fields meet the same NUL and depth rule here.
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
