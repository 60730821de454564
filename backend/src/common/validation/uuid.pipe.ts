import { Injectable, PipeTransform } from '@nestjs/common';
import { AppException, ErrorBody } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Route ids are UUIDs; anything else cannot exist, so it is a 404, not a database error. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  /** The code `notFound` answers, listed in the OpenAPI document for the route. */
  readonly code: string;

  /** `notFound` is what the service throws for a missing item: a malformed id reads alike. */
  constructor(private readonly notFound: () => AppException) {
    this.code = (notFound().getResponse() as ErrorBody).code ?? CommonErrorCode.NOT_FOUND;
  }

  transform(value: string): string {
    if (!isUuid(value)) throw this.notFound();
    return value;
  }
}
