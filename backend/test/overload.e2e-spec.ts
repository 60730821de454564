import { sql } from 'drizzle-orm';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Overload is shed, not queued: with the database's only client held and requests waiting for
 * it, new API requests are answered 503 with Retry-After at once, while health still answers.
 */
describe('overload: a database queue beyond its limit sheds requests quickly', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DATABASE_POOL_MAX: '1',
        OVERLOAD_MAX_DATABASE_QUEUE: '1',
        OVERLOAD_SAMPLE_MS: '50',
        OVERLOAD_RETRY_AFTER_SECONDS: '3',
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 503 + Retry-After in the error shape within a second, and health still reports', async () => {
    // Warm: the first requests open the pool's one client.
    await t.http.get('/api/events').expect(200);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the pool's only client in a transaction until the test lets go.
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    // Three requests queue for the client: more than the limit of one.
    const queued = [1, 2, 3].map(() => t.http.get('/api/news').then((res) => res.status));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = Date.now();
    const shed = await t.http.get('/api/events?limit=5');
    const took = Date.now() - started;
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(shed.body).toEqual({
      statusCode: 503,
      msg: 'The server is busy. Please try again in 3 seconds.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(took).toBeLessThan(1000);

    // Liveness and metrics-free health are never shed; health reports what it sees.
    const live = await t.http.get('/api/health/live');
    expect(live.status).toBe(200);
    const health = await t.http.get('/api/health');
    expect([200, 503]).toContain(health.status);
    expect(health.body.status).toBeDefined();
    expect(health.body.code).toBeUndefined();

    release();
    await holding;
    // The queued requests were served once the client was free, none was dropped.
    expect(await Promise.all(queued)).toEqual([200, 200, 200]);
    // Back under the limit, requests are served again after a sample.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.http.get('/api/events?limit=5').expect(200);
  });
});
