import { sql } from 'drizzle-orm';
import { createTestApp, databaseOf, TestApp } from './support/test-app';

/** Holds the pool's one client for `ms` (a statement that sleeps) while `request` is asked. */
async function whileBusy<T>(t: TestApp, ms: number, request: () => PromiseLike<T>) {
  // then() starts it: drizzle's query is lazy until awaited.
  const busy = databaseOf(t.http)
    .db.execute(sql`select pg_sleep(${ms / 1000})`)
    .then(() => undefined);
  // Let the sleep take the client first.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  const answer = await request();
  const took = performance.now() - started;
  await busy;
  return { answer, took };
}

// A pool of one client, so a single slow statement makes every other request wait for it.
describe('the PostgreSQL pool under load (DATABASE_POOL_*)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('queues a request for a busy pool beyond the connect timeout, then answers it', async () => {
    t = await createTestApp({
      env: {
        DATABASE_POOL_MAX: '1',
        DATABASE_POOL_WAIT_MS: '10000',
        DATABASE_CONNECT_TIMEOUT_MS: '500',
      },
    });
    const app = t;
    const { answer, took } = await whileBusy(app, 2500, () =>
      app.http.get('/api/events?search=queued'),
    );
    expect(answer.status).toBe(200);
    expect(took).toBeGreaterThan(1500);
  });

  it('answers 503 DATABASE_UNAVAILABLE once the wait for a client runs out', async () => {
    t = await createTestApp({ env: { DATABASE_POOL_MAX: '1', DATABASE_POOL_WAIT_MS: '300' } });
    const app = t;
    const { answer, took } = await whileBusy(app, 2000, () =>
      app.http.get('/api/events?search=impatient'),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(took).toBeLessThan(1500);
  });

  it("opens its kept connections at start and keeps them past pg's 10 s of idleness", async () => {
    t = await createTestApp({});
    const server = databaseOf(t.http);
    // Opened before the first request: no request waits for a new connection after start.
    expect(server.poolStats?.()).toMatchObject({ total: 4, idle: 4, waiting: 0 });
    // A burst beyond them opens more; a quiet spell longer than pg's default keeps them all.
    await Promise.all(
      Array.from({ length: 8 }, () => server.db.execute(sql`select pg_sleep(0.2)`)),
    );
    expect(server.poolStats?.().total).toBe(8);
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    expect(server.poolStats?.()).toMatchObject({ total: 8, idle: 8 });
    await t.http.get('/api/events').expect(200);
  }, 30_000);
});
