import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { AppConfig, RateLimits } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AppException } from '../errors/app-exception';
import { redisOptions } from '../queue/bullmq.queue';
import { CommonErrorCode } from '../errors/common.errors';

export type RateLimitBucket = keyof Omit<RateLimits, 'windowSeconds'>;
export const RATE_LIMIT = 'rateLimit:bucket';

/** Limits how often one address may call this route, per the RATE_LIMIT_* settings. */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT, bucket);

/** Counts hits in windows that open at an address's first hit: in Redis when configured (shared by replicas), else in memory. */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly redis?: Redis;
  private readonly memory = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (config.redisUrl) {
      this.redis = new Redis({
        ...redisOptions(config.redisUrl),
        lazyConnect: true,
        maxRetriesPerRequest: 2,
      });
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(
      RATE_LIMIT,
      context.getHandler(),
    );
    if (!bucket) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const windowSeconds = this.config.rateLimits.windowSeconds;
    // The window starts at an address's first hit, so a burst cannot straddle two windows.
    const key = `${this.config.queuePrefix}:rl:${bucket}:${request.ip}`;
    const hits = await this.hit(key, windowSeconds);
    if (hits > this.config.rateLimits[bucket]) {
      throw new AppException(
        429,
        'Too many attempts. Please wait a minute and try again.',
        CommonErrorCode.RATE_LIMITED,
      );
    }
    return true;
  }

  private async hit(key: string, windowSeconds: number): Promise<number> {
    if (this.redis) {
      try {
        const [[, hits]] = (await this.redis
          .multi()
          .incr(key)
          .expire(key, windowSeconds, 'NX')
          .exec()) as [[Error | null, number]];
        return hits;
      } catch {
        // Redis unreachable: fall back to this process's own count rather than refuse everyone.
      }
    }
    const now = Date.now();
    const entry = this.memory.get(key);
    if (!entry || entry.resetAt < now) {
      if (this.memory.size > 10000) this.memory.clear();
      this.memory.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
      return 1;
    }
    entry.count++;
    return entry.count;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }
}
