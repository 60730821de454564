import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Metrics } from '../metrics/metrics';
import { RedisChannel } from '../queue/redis-channel';

/** Entries kept per process; the oldest go first. */
const MAX_ENTRIES = 5000;
/** The longest an entry lives: "upcoming" and isUpcoming move with the clock, not with writes. */
export const CACHE_TTL_MS = 10_000;
/**
 * How long past its TTL an entry still answers while one request reloads it: under load a
 * reload that every request waited for (a deep page's count and offset scan) was the p99.
 */
export const STALE_WHILE_RELOADING_MS = 5_000;

interface Entry<T = unknown> {
  value: T;
  expires: number;
}

/** Values the cache has stored: shared by many answers and never changed (see shared-answers.ts). */
const sharedValues = new WeakSet<object>();

/** True for a value the read cache stored: every answer that carries it carries the same bytes. */
export function isSharedValue(value: object): boolean {
  return sharedValues.has(value);
}

/** Member answers combined from two stored values, by the first and then the second. */
const combined = new WeakMap<object, WeakMap<object, object>>();

/**
 * Guest-visible read answers (public lists and detail pages) kept in this process's memory and
 * dropped as a whole on any write, here or on another replica: every replica publishes its writes
 * on one Redis channel and clears on every message. While that channel is not connected (Redis
 * away), the cache is bypassed rather than risk serving another replica's stale answer. Without
 * REDIS_URL there is one process, so its own writes are all there is to hear.
 */
@Injectable()
export class ResponseCache implements OnApplicationShutdown {
  private readonly logger = new Logger('ResponseCache');
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Bumped on every invalidation; a load that began before one is not stored. */
  private generationCount = 0;
  private readonly origin = randomUUID();
  /** Undefined without REDIS_URL: one process, nothing to tell. */
  private readonly channel?: RedisChannel;
  private lastError = '';

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    if (!config.redisUrl) return;
    this.channel = new RedisChannel(config.redisUrl, `${config.queuePrefix}:cache:invalidate`, {
      // Its own writes were cleared here before they were published; hearing them back would
      // throw away what was cached since.
      message: (from) => {
        if (from !== this.origin) this.clear();
      },
      // Messages sent while disconnected are lost: start afresh on every (re)connection.
      ready: () => this.clear(),
      warn: (message) => this.warn(message),
    });
  }

  /** True when every replica's writes reach this process (or there is no other replica). */
  get active(): boolean {
    return this.channel?.listening ?? true;
  }

  /** Changes on every invalidation: a load that began before one is not stored. */
  get generation(): number {
    return this.generationCount;
  }

  /**
   * The value cached for `key` if there is a fresh one, else undefined: a hit without a promise
   * (`peek(key) ?? (await get(key, load))` on hot paths: every promise has a cost).
   */
  peek<T>(key: string): T | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= Date.now()) return undefined;
    // A miss here is counted by the get() that follows it.
    this.metrics?.cacheLookups.inc({ result: 'hit' });
    return entry.value as T;
  }

  /**
   * The cached answer for `key`, or `load()`'s, stored unless a write happened meanwhile. An
   * entry that expired a moment ago is answered while one load replaces it; a write drops it.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.active) {
      this.metrics?.cacheLookups.inc({ result: 'bypass' });
      return load();
    }
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry && entry.expires > now) {
      this.metrics?.cacheLookups.inc({ result: 'hit' });
      return entry.value as T;
    }
    // Concurrent misses on one key share one load (one database read: counted as hits).
    const pending = this.loading.get(key) as Promise<T> | undefined;
    if (entry && entry.expires + STALE_WHILE_RELOADING_MS > now) {
      this.metrics?.cacheLookups.inc({ result: pending ? 'hit' : 'miss' });
      // A failed reload leaves the entry to its last moments; the next request tries again.
      if (!pending) {
        this.load(key, load).catch((error: Error) =>
          this.logger.warn(`could not reload a cached answer: ${error.message}`),
        );
      }
      return entry.value as T;
    }
    this.metrics?.cacheLookups.inc({ result: pending ? 'hit' : 'miss' });
    return pending ?? this.load(key, load);
  }

  /** Runs `load()` for `key` once however many ask meanwhile, and stores what it gives. */
  private load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generationCount;
    const promise: Promise<T> = load()
      .then((value) => {
        if (generation === this.generationCount && this.active) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * A member's answer made of a shared value and their own part (their answers, reactions), each
   * as the cache stored it: combined once while both are stored, then answered like a guest's
   * (its JSON, ETag and compressed bodies made once: shared-answers.ts). It goes when either does
   * (any write); a part read around the cache (read-after-write) is combined anew every time.
   */
  combine<S extends object, O extends object, T extends object>(
    shared: S,
    own: O,
    make: (shared: S, own: O) => T,
  ): T {
    if (!sharedValues.has(shared) || !sharedValues.has(own)) return make(shared, own);
    let byOwn = combined.get(shared);
    if (byOwn === undefined) combined.set(shared, (byOwn = new WeakMap()));
    let value = byOwn.get(own) as T | undefined;
    if (value === undefined) {
      byOwn.set(own, (value = make(shared, own)));
      sharedValues.add(value);
    }
    return value;
  }

  /** A write happened: forget everything here and tell the other replicas. */
  invalidate(): void {
    this.clear();
    this.channel?.publish(this.origin).catch((error: Error) => {
      // The other replicas fall back on the TTL; the write itself stands.
      this.warn(`could not publish an invalidation: ${error.message}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.channel?.close();
  }

  private clear(): void {
    this.generationCount++;
    this.entries.clear();
    this.loading.clear();
  }

  private store(key: string, value: unknown): void {
    if (typeof value === 'object' && value !== null) sharedValues.add(value);
    this.evictIfFull(this.entries);
    this.entries.set(key, { value, expires: Date.now() + CACHE_TTL_MS });
  }

  private evictIfFull(map: Map<string, unknown>): void {
    if (map.size < MAX_ENTRIES) return;
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }

  private warn(message: string): void {
    // One line per outage, not one per reconnect attempt.
    if (message === this.lastError) return;
    this.lastError = message;
    this.logger.warn(`redis unavailable, answers are not cached: ${message}`);
  }
}
