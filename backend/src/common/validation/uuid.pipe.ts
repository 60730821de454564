import { Injectable, PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app-exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Route ids are UUIDs; anything else cannot exist, so it is a 404, not a database error. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  constructor(private readonly what = 'The item') {}

  transform(value: string): string {
    if (!isUuid(value)) throw AppException.notFound(`${this.what} was not found`);
    return value;
  }
}
