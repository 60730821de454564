import { randomBytes } from 'node:crypto';
import { ResponseCache } from '../../src/common/cache/response-cache';
import { createTestApp, TestApp } from './test-app';

/**
 * Polls `read` until `done` holds; returns the value that held and how long that took (ms), or
 * throws after `limitMs`.
 */
export async function within<T>(
  limitMs: number,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return { value, ms: Date.now() - started };
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Two instances of the API on one PostgreSQL and one Redis, as two replicas behind a balancer,
 * each already hearing the other's writes (its Redis subscription is up).
 */
export async function startReplicas(name: string): Promise<[TestApp, TestApp]> {
  if (!process.env.TEST_REDIS_URL) throw new Error('replicas need TEST_REDIS_URL');
  const prefix = `${name}-${randomBytes(4).toString('hex')}`;
  const a = await createTestApp({ env: { QUEUE_PREFIX: prefix } });
  const b = await createTestApp({
    databaseUrl: a.config.databaseUrl,
    env: { QUEUE_PREFIX: prefix },
  });
  for (const replica of [a, b]) {
    await within(10_000, async () => replica.app.get(ResponseCache).active, Boolean);
  }
  return [a, b];
}
