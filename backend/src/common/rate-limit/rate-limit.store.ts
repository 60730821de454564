import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { LruMap } from 'toad-cache';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { redisOptions } from '../queue/bullmq.queue';

// The plugin's Redis store (CommonJS, no typings of its own).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;

export interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
}
type StoreCtor = new (...args: unknown[]) => Store;

/** Counters kept in memory: the LRU drops the least recently used, never all at once. */
const MEMORY_KEYS = 50_000;

/**
 * This process's counters, each in a window that opens at its first hit and keeps its own length.
 * The plugin's LocalStore measures a read against the window the reader passes, so a 2 s sign-in
 * pause read with the 15-minute ceiling would last 15 minutes; Redis keeps each key's own TTL.
 */
class MemoryCounters {
  private readonly counters = new LruMap<{ current: number; endsAt: number }>(MEMORY_KEYS);

  incr(key: string, windowMs: number): Hits {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) counter = { current: 0, endsAt: now + windowMs };
    counter.current += 1;
    this.counters.set(key, counter);
    return { current: counter.current, ttl: counter.endsAt - now };
  }

  read(key: string): Hits {
    const counter = this.counters.get(key);
    const ttl = counter ? counter.endsAt - Date.now() : 0;
    return ttl > 0 && counter ? { current: counter.current, ttl } : { current: 0, ttl: 0 };
  }

  delete(key: string): void {
    this.counters.delete(key);
  }
}

/**
 * Rate-limit counters for @fastify/rate-limit and the login backoff: in Redis when configured
 * (shared by every replica) and in this process's memory, which alone counts while Redis is away
 * or unset. Redis calls fail fast (no offline queue, 100 ms timeout), so an outage never stalls a
 * request.
 */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitStore');
  private readonly redis?: Redis;
  private readonly remote?: Store;
  private readonly memory = new MemoryCounters();
  private readonly prefix: string;
  // Stryker disable next-line StringLiteral: any start value differs from a real error's message
  private lastError = '';

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.queuePrefix}:rl:`;
    if (!config.redisUrl) return;
    this.redis = new Redis({
      ...redisOptions(config.redisUrl),
      // Stryker disable next-line BooleanLiteral: calls go out only while ready (see `shared`)
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 100,
    });
    this.redis.on('error', (error: Error) => {
      // One line per outage, not one per reconnect attempt.
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      this.logger.warn(`redis unavailable, counting in memory: ${error.message}`);
    });
    // Stryker disable next-line StringLiteral: any value but a real error's message does the same
    this.redis.on('ready', () => (this.lastError = ''));
    this.remote = new RedisStore(false, false, this.redis, this.prefix);
  }

  get shared(): boolean {
    return this.redis?.status === 'ready';
  }

  /** Counts a hit on `key` in a window of `windowMs` that opens at the first hit. */
  incr(key: string, windowMs: number, max: number): Promise<Hits> {
    return this.call('incr', key, windowMs, max);
  }

  /** Reads a counter without counting. */
  read(key: string, windowMs: number): Promise<Hits> {
    return this.call('read', key, windowMs, 0);
  }

  /** Forgets a counter (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    this.memory.delete(key);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: without Redis del fails fast, caught
    if (this.shared) await this.redis?.del(this.prefix + key).catch(() => undefined);
  }

  /** The store @fastify/rate-limit constructs (it calls `new`); it delegates to this one. */
  pluginStore(): new () => Pick<Store, 'incr'> & { child(): unknown } {
    const incr = (key: string, windowMs: number, max: number) => this.incr(key, windowMs, max);
    return class {
      incr(key: string, callback: Callback, timeWindow: number, max: number): void {
        incr(key, timeWindow, max).then(
          (hits) => callback(null, hits),
          (error: Error) => callback(error),
        );
      }
      child(): unknown {
        return this;
      }
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }

  /**
   * Counts in this process's memory always and in Redis when it answers, and goes by the higher
   * count: a Redis call that times out under load, or a connection that becomes ready mid-window,
   * never resets an address's count to zero (Redis, shared by the replicas, is higher otherwise).
   */
  private async call(method: 'incr' | 'read', key: string, windowMs: number, max: number) {
    const here = method === 'incr' ? this.memory.incr(key, windowMs) : this.memory.read(key);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a call Redis cannot answer fails fast and `here` stands
    if (!this.remote || !this.shared) return here;
    const remote = await promisify(this.remote, method, key, windowMs, max).catch(() => undefined);
    return remote && remote.current >= here.current ? remote : here;
  }
}

function promisify(
  store: Store,
  method: 'incr' | 'read',
  key: string,
  windowMs: number,
  max: number,
): Promise<Hits> {
  return new Promise((resolve, reject) =>
    store[method](
      key,
      // Stryker disable next-line ConditionalExpression,LogicalOperator: `call` treats no hits as a failure
      (error, hits) => (error || !hits ? reject(error ?? new Error('no result')) : resolve(hits)),
      windowMs,
      max,
    ),
  );
}
