import { applyDecorators, Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { IsDefined, ValidateIf, ValidationArguments } from 'class-validator';

/** The message of a null sent for a field that may only be left out. */
export const notNullMessage = (field: string) =>
  `${field} cannot be null: leave it out or send a value`;

/**
 * A field that may be left out but, when sent, must not be null: for columns that are NOT NULL
 * and for values the service does not expect null for. `@IsOptional()` skips the checks for null
 * too, so a null would reach the database (a 500); here only an absent field skips them, and a
 * null is refused first (IsDefined runs before the other checks) with a per-field 400 (REQUIRED).
 * Keep `@IsOptional()` where null means something (a nullable column the client may clear).
 *
 * Update DTOs must not be derived with plain `PartialType`: it adds `@IsOptional()` to every
 * field, which lets null through again. Use `PartialNotNullType` below.
 */
export const OptionalNotNull = () =>
  applyDecorators(
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    IsDefined({ message: (args: ValidationArguments) => notNullMessage(args.property) }),
  );

/**
 * `PartialType` for update bodies: any field may be left out, none may be null unless its own
 * rules allow it (`@IsOptional()` fields keep accepting null). So a required field of the create
 * body (a title, a name) stays non-null when sent, and `OptionalNotNull` survives the derivation.
 */
export function PartialNotNullType<T>(classRef: Type<T>): Type<Partial<T>> {
  return PartialType(classRef, { skipNullProperties: false });
}
