import 'reflect-metadata';

export const API_ERRORS = 'api:errors';

/** Error codes by HTTP status, e.g. `{ 409: [EventsErrorCode.EVENT_FULL] }`. */
export type ErrorsByStatus = Partial<Record<number, readonly string[]>>;

export function mergeErrors(...lists: Array<ErrorsByStatus | undefined>): ErrorsByStatus {
  const merged: Record<number, string[]> = {};
  for (const list of lists) {
    for (const [status, codes] of Object.entries(list ?? {})) {
      const into = (merged[Number(status)] ??= []);
      for (const code of codes ?? []) if (!into.includes(code)) into.push(code);
    }
  }
  return merged;
}

/**
 * The codes a route answers (on a method) or every route of a controller answers (on the class),
 * by status (several lists merge). The OpenAPI document lists them per operation together with the codes the guards and
 * pipes add by themselves (401/403 from the access decision, 400 from a validated body or query,
 * 404 from an IdPipe, 429 from @RateLimit); see common/errors/openapi-errors.ts.
 */
export function ApiErrors(...errors: ErrorsByStatus[]): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const on = (descriptor?.value ?? target) as object;
    const current = Reflect.getMetadata(API_ERRORS, on) as ErrorsByStatus | undefined;
    Reflect.defineMetadata(API_ERRORS, mergeErrors(current, ...errors), on);
  };
}
