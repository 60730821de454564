import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { OptionalNotNull } from './optional.decorators';

/**
 * A boolean that may arrive as text (form fields, query strings): these words, in any case and
 * trimmed, mean true or false; any other text is left for IsBoolean to refuse.
 */
export const TextBoolean = (words: {
  true: readonly string[];
  false: readonly string[];
  /** What a blank value means; left blank (for IsBoolean) unless given. */
  blank?: boolean;
}) =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (words.true.includes(text)) return true;
    if (words.false.includes(text)) return false;
    if (text === '' && 'blank' in words) return words.blank;
    return value;
  });

/**
 * The yes/no of a query string or form field: true/on/1, false/off/0; blank is not sent (an
 * "All" choice of a filter, an untouched form input), so the field's default applies.
 */
export const ToBoolean = () =>
  TextBoolean({ true: ['true', 'on', '1'], false: ['false', 'off', '0'], blank: undefined });

/**
 * The optional display order of an admin-sorted list (courses, team), never null (a NOT NULL
 * column). Applied bottom first, as the hand-written stack was, so its errors keep their order.
 */
export const SortOrder = () =>
  applyDecorators(
    Max(10000, { message: 'Order must be at most 10000' }),
    Min(0, { message: 'Order must be at least 0' }),
    IsInt({ message: 'Order must be a whole number' }),
    OptionalNotNull(),
    ApiPropertyOptional({ description: 'Lower comes first (0 by default)' }),
  );
