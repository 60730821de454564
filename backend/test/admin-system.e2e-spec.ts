import { hostname } from 'node:os';
import { MailRepository } from '../src/modules/mail/mail.repository';
import { loginAdmin, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startReplicas, within } from './support/replicas';
import { createTestApp, TestApp } from './support/test-app';

const SYSTEM = '/api/admin/system';

type Dependency = { name: string; status: string; driver: string; latencyMs: number | null };
const dependency = (body: { dependencies: Dependency[] }, name: string) =>
  body.dependencies.find((d) => d.name === name);

describe('the System view (admins): dependencies, queue, outbox, replica', () => {
  describe('without SMTP, with an email waiting in the outbox', () => {
    let t: TestApp;
    let admin: Session;

    beforeAll(async () => {
      t = await createTestApp({ env: { APP_COMMIT: 'abc1234' } });
      admin = await loginAdmin(t.http);
    });
    afterAll(() => t.close());

    it('answers 401 to guests and 403 to members, in the error shape', async () => {
      const guest = await t.http.get(SYSTEM).expect(401);
      expect(guest.body).toMatchObject({ statusCode: 401, msg: expect.any(String) });
      const member = await registerMember(t.http);
      const refused = await t.http.get(SYSTEM).set(member.auth).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, msg: expect.any(String) });
    });

    it('probes each dependency and reports the outbox backlog with its oldest age', async () => {
      // Queued two minutes ago and never sent (SMTP is unset here, so the worker leaves it).
      await t.app.get(MailRepository).create({
        to: 'late@example.com',
        subject: 'Waiting',
        template: 'welcome',
        payload: { name: 'Late' },
        status: 'queued',
        createdAt: new Date(Date.now() - 120_000),
      });
      const res = await t.http.get(SYSTEM).set(admin.auth).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(dependency(res.body, 'database')).toMatchObject({
        status: 'up',
        driver: 'postgres',
        latencyMs: expect.any(Number),
      });
      expect(dependency(res.body, 'redis')).toMatchObject(
        process.env.TEST_REDIS_URL
          ? { status: 'up', driver: 'bullmq' }
          : { status: 'not_configured', driver: 'in-process', latencyMs: null },
      );
      expect(dependency(res.body, 'smtp')).toMatchObject({
        status: 'not_configured',
        latencyMs: null,
      });
      expect(dependency(res.body, 'objectStore')).toMatchObject({ status: 'up', driver: 'disk' });
      expect(res.body.outbox.backlog).toBe(1);
      expect(res.body.outbox.oldestAgeSeconds).toBeGreaterThanOrEqual(120);
      expect(res.body.outbox.oldestAgeSeconds).toBeLessThan(180);
      expect(res.body.queue).toEqual({
        driver: process.env.TEST_REDIS_URL ? 'bullmq' : 'in-process',
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
        failed: expect.any(Number),
      });
      expect(res.body.replica).toMatchObject({
        hostname: hostname(),
        pid: process.pid,
        role: 'all',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        commit: 'abc1234',
        nodeVersion: process.version,
        ready: true,
      });
      expect(res.body.replica.rssBytes).toBeGreaterThan(res.body.replica.heapUsedBytes);
      // Without other processes on this Redis prefix, the list is this one.
      expect(res.body.replicas).toEqual([
        expect.objectContaining({ hostname: hostname(), pid: process.pid }),
      ]);
      expect(Date.parse(res.body.replica.startedAt)).toBeLessThan(Date.now());
    });
  });

  describe('with SMTP', () => {
    let t: TestApp;
    let admin: Session;
    const smtp = new SmtpSink();

    beforeAll(async () => {
      await smtp.start();
      t = await createTestApp({ env: { SMTP_URL: smtp.url } });
      admin = await loginAdmin(t.http);
    });
    afterAll(async () => {
      await t.close();
      await smtp.stop().catch(() => undefined);
    });

    it('reports SMTP up while the server answers and down once it is gone', async () => {
      const up = await t.http.get(SYSTEM).set(admin.auth).expect(200);
      expect(dependency(up.body, 'smtp')).toMatchObject({ status: 'up', driver: 'smtp' });
      expect(up.body.replica.commit).toBeNull();
      await smtp.stop();
      const down = await t.http.get(SYSTEM).set(admin.auth).expect(200);
      expect(dependency(down.body, 'smtp')).toMatchObject({ status: 'down' });
      expect(dependency(down.body, 'database')).toMatchObject({ status: 'up' });
    });
  });

  describe('replicas on one Redis', () => {
    it('lists every process that reports, and drops one once it stops', async () => {
      if (!process.env.TEST_REDIS_URL) throw new Error('this test needs TEST_REDIS_URL');
      const [a, b] = await startReplicas('system');
      const c = await createTestApp({
        databaseUrl: a.config.databaseUrl,
        env: { QUEUE_PREFIX: a.config.queuePrefix, PROCESS_ROLE: 'api' },
      });
      let cOpen = true;
      try {
        const admin = await loginAdmin(a.http);
        const roles = async () =>
          (await a.http.get(SYSTEM).set(admin.auth).expect(200)).body.replicas
            .map((replica: { role: string }) => replica.role)
            .sort();
        // Each process reports as it starts; the answering one is always listed as it is now.
        await within(5000, roles, (listed) => listed.length === 3);
        expect(await roles()).toEqual(['all', 'all', 'api']);
        cOpen = false;
        await c.close();
        expect(await roles()).toEqual(['all', 'all']);
      } finally {
        if (cOpen) await c.close();
        await b.close();
        await a.close();
      }
    });
  });
});
