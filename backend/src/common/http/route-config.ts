import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';

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

/**
 * A yes-or-no mark on a route: `mark()` is the handler's decorator, `isOn(request)` reads it from
 * the request's route (in any Fastify hook, before Nest's guards run).
 */
export function routeFlag(name: string) {
  return {
    mark: (): MethodDecorator => mergeRouteConfig({ [name]: true }),
    isOn: (request: FastifyRequest): boolean => {
      const config: object | undefined = request.routeOptions.config;
      return (config as Record<string, unknown> | undefined)?.[name] === true;
    },
  };
}
