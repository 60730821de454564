import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { loadConfig } from '../../config/config';
import { OwnRedis, services } from '../../../test/support/services';
import { Hits, RateLimitStore } from './rate-limit.store';

describe('RateLimitStore in memory (no Redis)', () => {
  let now = Date.parse('2026-11-25T12:00:00Z');
  let store: RateLimitStore;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    store = new RateLimitStore(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'rl-')) }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts hits in a window that opens at the first hit', async () => {
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 2, ttl: 50_000 });
    now += 50_000;
    expect(await store.incr('login:1.2.3.4', 60_000, 3)).toEqual({ current: 1, ttl: 60_000 });
  });

  it("reads a counter by its own window, not the reader's ceiling", async () => {
    // A 2 s sign-in pause read with the 15-minute ceiling ends after 2 s.
    await store.incr('login-block:a@example.com', 2_000, 0);
    now += 1_500;
    expect(await store.read('login-block:a@example.com', 15 * 60_000)).toEqual({
      current: 1,
      ttl: 500,
    });
    // The window's last moment is over: nothing left to wait.
    now += 500;
    expect(await store.read('login-block:a@example.com', 15 * 60_000)).toEqual({
      current: 0,
      ttl: 0,
    });
    now += 100;
    expect(await store.read('login-block:a@example.com', 15 * 60_000)).toEqual({
      current: 0,
      ttl: 0,
    });
  });

  it('has nothing to close on shutdown', async () => {
    await expect(store.onApplicationShutdown()).resolves.toBeUndefined();
    expect(store.shared).toBe(false);
  });

  it('forgets a counter on reset', async () => {
    await store.incr('login-fail:a@example.com', 60_000, 0);
    await store.reset('login-fail:a@example.com');
    expect(await store.read('login-fail:a@example.com', 60_000)).toEqual({ current: 0, ttl: 0 });
  });
});

describe('RateLimitStore with Redis (shared by the replicas)', () => {
  let redis: OwnRedis;
  let client: Redis;
  const stores: RateLimitStore[] = [];
  const prefix = 'rl-spec';

  /** A replica's store on the test's Redis, once its connection is ready. */
  async function replica(): Promise<RateLimitStore> {
    const store = new RateLimitStore(
      loadConfig({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rl-')),
        REDIS_URL: redis.url,
        QUEUE_PREFIX: prefix,
      }),
    );
    stores.push(store);
    // One store that never connects fails the rest at once, not after 3 s each (mutation runs).
    if (neverReady) throw new Error('an earlier store never got its Redis connection ready');
    await until(() => store.shared).catch((error: unknown) => {
      neverReady = true;
      throw error;
    });
    return store;
  }
  let neverReady = false;

  let halted = false;
  const halt = () => {
    redis.halt();
    halted = true;
  };
  const resume = async () => {
    await redis.resume();
    halted = false;
  };

  beforeAll(async () => {
    redis = await (await services()).startRedis();
    // Back within 50 ms of a restart, so the next test's cleanup does not wait on it.
    client = new Redis(redis.url, { retryStrategy: () => 50 });
  }, 20_000);
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(stores.splice(0).map((store) => store.onApplicationShutdown()));
    // A test that failed during an outage left Redis down: the next one needs it up.
    if (halted) await resume();
    await client.flushall();
  });
  afterAll(async () => {
    // Unset when Redis did not start: an error of the run, never a pass (nor a mutant killed).
    if (!client) throw new Error('redis-server did not start for this spec');
    await client.quit();
    redis.stop();
  });

  it('counts across replicas, in a key under the queue prefix with the window as its TTL', async () => {
    const [a, b] = [await replica(), await replica()];
    expect(a.shared).toBe(true);
    expect(await a.incr('writes:1.2.3.4', 60_000, 5)).toEqual({ current: 1, ttl: 60_000 });
    expect((await a.incr('writes:1.2.3.4', 60_000, 5)).current).toBe(2);
    // The other replica has counted nothing in its memory, yet sees the third hit.
    const third = await b.incr('writes:1.2.3.4', 60_000, 5);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(50_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect(await client.get(`${prefix}:rl:writes:1.2.3.4`)).toBe('3');
    const pttl = await client.pttl(`${prefix}:rl:writes:1.2.3.4`);
    expect(pttl).toBeGreaterThan(50_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    const read = await b.read('writes:1.2.3.4', 60_000);
    expect(read.current).toBe(3);
    expect(read.ttl).toBeGreaterThan(50_000);
  });

  it("goes by this process's count when Redis lost the key mid-window", async () => {
    const store = await replica();
    for (let i = 0; i < 3; i++) await store.incr('login:5.6.7.8', 60_000, 10);
    await client.flushall();
    expect((await store.incr('login:5.6.7.8', 60_000, 10)).current).toBe(4);
    expect(await client.get(`${prefix}:rl:login:5.6.7.8`)).toBe('1');
    expect((await store.read('login:5.6.7.8', 60_000)).current).toBe(4);
  });

  it('goes by Redis when it counts as high as this process', async () => {
    const [a, b] = [await replica(), await replica()];
    await a.incr('register:9.9.9.9', 60_000, 10);
    await client.pexpire(`${prefix}:rl:register:9.9.9.9`, 30_000);
    // b's memory says 1 hit in a fresh 60 s window; Redis says 2 with 30 s left: Redis wins.
    const hits = await b.incr('register:9.9.9.9', 60_000, 10);
    expect(hits.current).toBe(2);
    expect(hits.ttl).toBeLessThanOrEqual(30_000);
  });

  it("takes Redis's window when both count the same", async () => {
    const store = await replica();
    await store.incr('writes:8.8.8.8', 60_000, 10);
    await client.pexpire(`${prefix}:rl:writes:8.8.8.8`, 30_000);
    const hits = await store.read('writes:8.8.8.8', 60_000);
    expect(hits.current).toBe(1);
    expect(hits.ttl).toBeLessThanOrEqual(30_000);
  });

  it('keeps the window a hit over the limit falls in (no extension, no backoff)', async () => {
    const store = await replica();
    await store.incr('login:6.6.6.6', 60_000, 1);
    await client.pexpire(`${prefix}:rl:login:6.6.6.6`, 30_000);
    const over = await store.incr('login:6.6.6.6', 60_000, 1);
    expect(over.current).toBe(2);
    expect(over.ttl).toBeLessThanOrEqual(30_000);
  });

  it('forgets a counter in Redis too on reset', async () => {
    const [a, b] = [await replica(), await replica()];
    await a.incr('login-fail:a@example.com', 60_000, 0);
    await b.reset('login-fail:a@example.com');
    expect(await client.exists(`${prefix}:rl:login-fail:a@example.com`)).toBe(0);
    // The replica that counted still remembers in its memory; the other asks Redis.
    expect(await a.read('login-fail:a@example.com', 60_000)).toMatchObject({ current: 1 });
    expect(await b.read('login-fail:a@example.com', 60_000)).toEqual({ current: 0, ttl: 0 });
  });

  it('serves @fastify/rate-limit through the class it constructs', async () => {
    const store = await replica();
    const Plugin = store.pluginStore();
    const plugin = new Plugin();
    expect(plugin.child()).toBe(plugin);
    const hits = await new Promise<Hits | undefined>((resolve, reject) =>
      plugin.incr(
        'writes:4.4.4.4',
        (error, result) => (error ? reject(error) : resolve(result)),
        60_000,
        5,
      ),
    );
    expect(hits).toEqual({ current: 1, ttl: 60_000 });
    expect(await client.get(`${prefix}:rl:writes:4.4.4.4`)).toBe('1');
    // A failed count reaches the plugin as an error.
    jest.spyOn(store, 'incr').mockRejectedValueOnce(new Error('counting failed'));
    const failure = await new Promise<Error | null>((resolve) =>
      plugin.incr('writes:4.4.4.4', (error) => resolve(error), 60_000, 5),
    );
    expect(failure?.message).toBe('counting failed');
  });

  it('counts in memory while Redis is away, saying so once per outage', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const store = await replica();
    await store.incr('contact:7.7.7.7', 60_000, 5);
    halt();
    await until(() => !store.shared);
    expect((await store.incr('contact:7.7.7.7', 60_000, 5)).current).toBe(2);
    await until(() => warn.mock.calls.length > 0);
    // Reconnects (after 100, 200, 300 ms...) fail alike: one line per message, not one per attempt.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const lines = warn.mock.calls.map(([line]) => String(line));
    expect(lines[0]).toMatch(/^redis unavailable, counting in memory: \S/);
    expect(warn.mock.contexts[0]).toMatchObject({ context: 'RateLimitStore' });
    expect(new Set(lines).size).toBe(lines.length);
    await resume();
    await until(() => store.shared);
    // Redis came back empty: this process's count stands.
    expect((await store.incr('contact:7.7.7.7', 60_000, 5)).current).toBe(3);
    halt();
    await until(() => !store.shared);
    // Back once, so a new outage gets its line even with the same message.
    await until(() => warn.mock.calls.length > lines.length);
    await resume();
    await until(() => store.shared);
  });

  it('lets go of Redis on shutdown', async () => {
    const store = await replica();
    // Shut down here, not again after the test (ioredis would wait 2 s on the closed socket).
    stores.splice(stores.indexOf(store), 1);
    await store.onApplicationShutdown();
    await until(() => !store.shared);
    expect((await store.incr('writes:3.3.3.3', 60_000, 5)).current).toBe(1);
    expect(await client.exists(`${prefix}:rl:writes:3.3.3.3`)).toBe(0);
  });
});

/** Waits up to 3 s for `done` (a connection or an outage is seen within milliseconds), every 20 ms. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
