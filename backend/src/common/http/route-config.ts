import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/**
 * Adds to a handler's Fastify route config (what `request.routeOptions.config` reads) without
 * replacing what another decorator put there: Nest's own RouteConfig keeps only the last one.
 */
export function mergeRouteConfig(extra: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as object;
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as object;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...extra }, handler);
    return descriptor;
  };
}
