import { Injectable, PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Route ids are UUIDs; anything else cannot exist, so it is a 404, not a database error. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  /** `code` is the 404 code of the missing item (listed in the OpenAPI document for the route). */
  constructor(
    private readonly what = 'The item',
    readonly code: string = CommonErrorCode.NOT_FOUND,
  ) {}

  transform(value: string): string {
    if (!isUuid(value)) throw AppException.notFound(`${this.what} was not found`, this.code);
    return value;
  }
}
