import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppConfig, RateLimits } from '../../config/config';
import { AppException } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';
import { mergeRouteConfig } from '../http/route-config';
import { RateLimitStore } from './rate-limit.store';

export type RateLimitBucket = keyof Omit<RateLimits, 'windowSeconds' | 'uploadsWindowSeconds'>;

/** How a bucket counts and answers, where it differs from the rest. */
interface BucketRule {
  /**
   * Counted per signed-in account (by the bearer token's subject), per address only for a request
   * without a valid token: members behind one NAT do not share the count, and one account does
   * not get a fresh count from a new address.
   */
  perAccount: boolean;
  windowSeconds: (limits: RateLimits) => number;
  /** Its 429's code, and its text around the wait ("in 45 seconds"). */
  code: CommonErrorCode;
  msg: (wait: string) => string;
}

/** Every bucket but `uploads`: per address, one shared window (RATE_LIMIT_WINDOW_SECONDS). */
const SHARED_RULE: BucketRule = {
  perAccount: false,
  windowSeconds: (limits) => limits.windowSeconds,
  code: CommonErrorCode.RATE_LIMITED,
  msg: (wait) => `Too many attempts. Please try again ${wait}.`,
};

/** `uploads` guards the image work, the costliest write: per account, in minutes of its own. */
const RULES: Partial<Record<RateLimitBucket, BucketRule>> = {
  uploads: {
    perAccount: true,
    windowSeconds: (limits) => limits.uploadsWindowSeconds,
    code: CommonErrorCode.UPLOADS_RATE_LIMITED,
    msg: (wait) => `Too many uploads in a short time. Please try again ${wait}.`,
  },
};

const ruleOf = (bucket: RateLimitBucket | undefined): BucketRule =>
  (bucket && RULES[bucket]) || SHARED_RULE;

/** The account id of a request's `Authorization` header when its token checks out. */
export type AccountOfHeader = (authorization: unknown) => string | undefined;

interface BucketConfig {
  rateLimitBucket?: RateLimitBucket;
}

/** Limits how often one address (one account, for `uploads`) may call this route, per RATE_LIMIT_*. */
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
 * (all write routes share `writes`; `uploads` counts per account), in windows that open at the
 * first hit. The hook runs before the guard, so the account comes from the token (`accountOf`).
 */
export async function registerRateLimits(
  fastify: FastifyInstance,
  config: AppConfig,
  store: RateLimitStore,
  accountOf: AccountOfHeader,
): Promise<void> {
  const keyOf = (request: FastifyRequest): string => {
    const bucket = bucketOf(request);
    const account = ruleOf(bucket).perAccount
      ? accountOf(request.headers.authorization)
      : undefined;
    return `${bucket}:${account ?? request.ip}`;
  };
  await fastify.register(rateLimit, {
    global: true,
    // After the body is read, like the guard it replaces: malformed requests do not count.
    hook: 'preHandler',
    store: store.pluginStore() as never,
    allowList: (request) => bucketOf(request) === undefined,
    keyGenerator: keyOf,
    max: (request) => config.rateLimits[bucketOf(request) as RateLimitBucket],
    timeWindow: (request) => ruleOf(bucketOf(request)).windowSeconds(config.rateLimits) * 1000,
    errorResponseBuilder: (request, context) => rateLimited(bucketOf(request), context.ttl),
    // Every 429 of ours gets Retry-After from the error filter, from the body's retryAfter.
    addHeaders: { 'retry-after': false },
  });
}

/** The code a bucket's 429 carries: uploads have a window of their own. */
export function rateLimitedCode(bucket: RateLimitBucket | undefined): CommonErrorCode {
  return ruleOf(bucket).code;
}

/** A bucket's 429, with the time left in its window. */
function rateLimited(bucket: RateLimitBucket | undefined, ttlMs: number): AppException {
  const { code, msg } = ruleOf(bucket);
  return AppException.tooManyRequests(code, ttlMs, msg);
}
