import { getAllTimezones } from 'countries-and-timezones';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The zones the runtime knows (Intl), their tzdb aliases (browsers still give Asia/Calcutta) and UTC. */
const KNOWN_ZONES = new Set<string>([
  ...Intl.supportedValuesOf('timeZone'),
  ...Object.keys(getAllTimezones({ deprecated: true })).filter((name) => name.includes('/')),
  'UTC',
]);

/** An IANA time zone name the runtime can format in (never an offset such as +03:00). */
export function isTimeZone(name: string): boolean {
  if (!KNOWN_ZONES.has(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A field holding an IANA time zone name; '' passes (the optional decorators read it as unset). */
export function IsTimeZone(message: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (value === '' || isTimeZone(value)),
      },
    },
    { message, ...options },
  );
}
