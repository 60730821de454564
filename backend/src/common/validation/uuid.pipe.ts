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
  /**
   * `msg` and `code` are what the service answers for a missing item, so a malformed id and an
   * unknown one read alike; the code is listed in the OpenAPI document for the route.
   */
  constructor(
    private readonly msg = 'Not found',
    readonly code: string = CommonErrorCode.NOT_FOUND,
  ) {}

  transform(value: string): string {
    if (!isUuid(value)) throw AppException.notFound(this.msg, this.code);
    return value;
  }
}
