import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppConfig, RateLimits } from '../../config/config';
import { AppException } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';
import { mergeRouteConfig } from '../http/route-config';
import { RateLimitStore } from './rate-limit.store';

export type RateLimitBucket = keyof Omit<RateLimits, 'windowSeconds'>;

interface BucketConfig {
  rateLimitBucket?: RateLimitBucket;
}

/** Limits how often one address may call this route, per the RATE_LIMIT_* settings. */
export const RateLimit = (bucket: RateLimitBucket) =>
  mergeRouteConfig({ rateLimitBucket: bucket } satisfies BucketConfig);

/** The bucket @RateLimit gave this handler, if any (the OpenAPI document lists its 429). */
export function rateLimitBucketOfHandler(handler: object): RateLimitBucket | undefined {
  const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as
    BucketConfig | undefined;
  return config?.rateLimitBucket;
}

/** The bucket a route's config names, if any. */
export function rateLimitBucketOf(config: unknown): RateLimitBucket | undefined {
  return (config as BucketConfig | undefined)?.rateLimitBucket;
}

function bucketOf(request: FastifyRequest): RateLimitBucket | undefined {
  return rateLimitBucketOf(request.routeOptions.config);
}

/**
 * @fastify/rate-limit on every route that names a bucket: one counter per bucket and address
 * (all write routes share `writes`), in windows that open at an address's first hit.
 */
export async function registerRateLimits(
  fastify: FastifyInstance,
  config: AppConfig,
  store: RateLimitStore,
): Promise<void> {
  await fastify.register(rateLimit, {
    global: true,
    // After the body is read, like the guard it replaces: malformed requests do not count.
    hook: 'preHandler',
    store: store.pluginStore() as never,
    allowList: (request) => bucketOf(request) === undefined,
    keyGenerator: (request) => `${bucketOf(request)}:${request.ip}`,
    max: (request) => config.rateLimits[bucketOf(request) as RateLimitBucket],
    timeWindow: config.rateLimits.windowSeconds * 1000,
    errorResponseBuilder: () =>
      new AppException(
        429,
        'Too many attempts. Please wait a minute and try again.',
        CommonErrorCode.RATE_LIMITED,
      ),
  });
}
