import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { OptionalNotNull } from './optional.decorators';

interface NestedOptions {
  /** The field may be left out, but not sent as null (see OptionalNotNull). */
  optional?: boolean;
  /** Refuses anything but an object with this message (else only the object's own rules run). */
  notObject?: string;
  description?: string;
}

/**
 * An object field checked by its own DTO's rules, documented as that DTO. The decorators are
 * applied in the order a hand-written stack (Swagger, IsOptional, IsObject, ValidateNested, Type)
 * applies them, bottom first, so the errors come in the same order.
 */
export const NestedObject = (dto: new () => object, options: NestedOptions = {}) => {
  const property = { type: dto, ...(options.description && { description: options.description }) };
  return applyDecorators(
    Type(() => dto),
    ValidateNested(),
    ...(options.notObject ? [IsObject({ message: options.notObject })] : []),
    ...(options.optional
      ? [OptionalNotNull(), ApiPropertyOptional(property)]
      : [ApiProperty(property)]),
  );
};
