import { Global, Module } from '@nestjs/common';
import { RateLimitStore } from './rate-limit.store';

/** The counters behind @RateLimit(bucket) routes and the login backoff. */
@Global()
@Module({ providers: [RateLimitStore], exports: [RateLimitStore] })
export class RateLimitModule {}
