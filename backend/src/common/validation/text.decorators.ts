import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { OptionalNotNull } from './optional.decorators';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';

const trim = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** A required text field: trimmed, non-blank, bounded. Checks run in the order listed. */
export const RequiredText = (label: string, max: number) =>
  applyDecorators(
    trim(),
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

/** An optional text field: trimmed, bounded; an empty string clears it. */
export const OptionalText = (label: string, max: number) =>
  applyDecorators(
    trim(),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

/** Skips the other validators for undefined, null or '' (forms send '' for untouched inputs). */
export const IsOptionalBlank = () =>
  ValidateIf((_object, value: unknown) => value !== undefined && value !== null && value !== '');

/**
 * A short optional list of free-text tags, such as languages, skills or subjects: stored in NOT
 * NULL columns, so it may be left out but not sent as null.
 */
export const TextList = (label: string, maxLength = 60) =>
  applyDecorators(
    OptionalNotNull(),
    IsArray({ message: `${label} must be a list` }),
    ArrayMaxSize(30, { message: `${label} can have at most 30 entries` }),
    IsString({ each: true, message: `each of ${label} must be text` }),
    MaxLength(maxLength, {
      each: true,
      message: `each of ${label} must be at most ${maxLength} characters`,
    }),
  );
