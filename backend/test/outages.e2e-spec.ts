import { createEvent } from './support/events';
import { loginAdmin, newMember, registerMember } from './support/factories';
import { createDatabaseOn, OwnPostgres, OwnRedis, services } from './support/services';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

/** Times a request; returns its status, body and duration in ms. */
async function timed<T extends { status: number; body: unknown }>(request: PromiseLike<T>) {
  const started = performance.now();
  const res = await request;
  return {
    status: res.status,
    body: res.body as Record<string, unknown>,
    ms: performance.now() - started,
  };
}

/** What /api/health says of the platform ('ok' when every service answers). */
async function healthStatus(t: TestApp): Promise<unknown> {
  return (await t.http.get('/api/health')).body.status;
}

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * These suites stop and restart servers of their own (not the shared test servers), so other
 * suites running alongside are not disturbed. Figures are in bench/README.md.
 */
describe('PostgreSQL outage', () => {
  let pg: OwnPostgres;
  let t: TestApp;

  beforeAll(async () => {
    pg = await (await services()).startPostgres();
    const databaseUrl = await createDatabaseOn(pg.url, 'outage');
    t = await createTestApp({ databaseUrl });
  }, 60000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    pg?.stop();
  });

  it('answers a quick 503 DATABASE_UNAVAILABLE while down, and recovers by itself', async () => {
    const admin = await loginAdmin(t.http);
    const before = await registerMember(t.http);
    pg.halt();
    try {
      const answers = await Promise.all([
        timed(t.http.get('/api/events')),
        timed(t.http.get('/api/news')),
        timed(t.http.get('/api/auth/me').set(admin.auth)),
        timed(t.http.post('/api/auth/register').send(newMember())),
        timed(t.http.post('/api/auth/login').send({ email: before.user.email, password: 'x' })),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({
          statusCode: 503,
          msg: 'The database is unavailable right now. Please try again in a moment.',
          code: 'DATABASE_UNAVAILABLE',
        });
        expect(answer.ms).toBeLessThan(2500);
      }
      const ready = await timed(t.http.get('/api/health/ready'));
      expect(ready.status).toBe(503);
      expect((await t.http.get('/api/health/live')).status).toBe(200);
    } finally {
      pg.resume();
    }
    // Back by itself: no restart of the API.
    await until(
      async () => ((await t.http.get('/api/events')).status === 200 ? true : undefined),
      10000,
    );
    await t.http.get('/api/health/ready').expect(200);
    // The write committed before the outage is still there.
    const me = await t.http.get('/api/auth/me').set(before.auth).expect(200);
    expect(me.body.email ?? me.body.user?.email).toBe(before.user.email);
  }, 60000);
});

describe('Redis outage', () => {
  let redis: OwnRedis;
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    redis = await (await services()).startRedis();
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { REDIS_URL: redis.url, SMTP_URL: smtp.url } });
  }, 60000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await smtp?.stop();
    redis?.stop();
  });

  it('keeps every request in its normal time and delivers every outbox email once afterwards', async () => {
    const admin = await loginAdmin(t.http);
    const event = await createEvent(t.http, admin);
    await t.http.get('/api/health').expect(200);
    redis.halt();
    const emails: string[] = [];
    try {
      // Let the clients notice the loss.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await timed(t.http.get('/api/health'));
      // The queue probe gives up after 80 ms; the slack is for a busy shared test machine.
      expect(health.ms).toBeLessThan(500);
      expect(health.body).toMatchObject({ status: 'degraded', database: 'up', queue: 'down' });
      await t.http.get('/api/health/ready').expect(200);

      for (let i = 0; i < 3; i++) {
        const member = newMember();
        const registered = await timed(t.http.post('/api/auth/register').send(member));
        expect(registered.status).toBe(201);
        expect(registered.ms).toBeLessThan(1500);
        emails.push(member.email);
        const token = registered.body.token as string;
        const rsvp = await timed(
          t.http
            .post(`/api/events/${event._id}/rsvp`)
            .set({ Authorization: `Bearer ${token}` })
            .send({ status: 'going' }),
        );
        expect(rsvp.status).toBe(200);
        expect(rsvp.ms).toBeLessThan(1500);
      }
      // Rate limits count in memory meanwhile, without stalling.
      const login = await timed(
        t.http.post('/api/auth/login').send({ email: emails[0], password: 'wrong-password-1' }),
      );
      expect(login.status).toBe(401);
      expect(login.ms).toBeLessThan(1500);
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await redis.resume();
    }
    // Back by itself: the relay hands the waiting emails to the queue and they are sent.
    for (const email of emails) {
      const welcome = await smtp.waitForSubject(email, 'Welcome to the community', 20000);
      expect(welcome).toBeDefined();
    }
    await until(async () => (smtp.messages.length >= emails.length * 3 ? true : undefined), 20000);
    await until(async () => ((await healthStatus(t)) === 'ok' ? true : undefined), 5000);
    // Exactly once each: a welcome, a verification link and an RSVP confirmation per member.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const email of emails) {
      const received = smtp.messages.filter((message) => message.to.includes(email));
      expect(received).toHaveLength(3);
    }
  }, 90000);
});

describe('Redis gone at shutdown', () => {
  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await (await services()).startRedis();
  }, 60000);
  afterAll(() => redis?.stop());

  it('stops in bounded time: running jobs are not waited for on a Redis that cannot record them', async () => {
    const t = await createTestApp({ env: { REDIS_URL: redis.url } });
    expect(t.queue.kind).toBe('bullmq');
    await until(async () => ((await healthStatus(t)) === 'ok' ? true : undefined), 10000);
    redis.stop();
    // Once the platform knows (its clients are reconnecting), as on a real outage.
    await until(async () => ((await healthStatus(t)) !== 'ok' ? true : undefined), 10000);
    const started = performance.now();
    // Before, BullMQ's worker waited for Redis to come back, forever (a leaked worker process).
    await t.close();
    expect(performance.now() - started).toBeLessThan(5000);
  }, 60000);
});
