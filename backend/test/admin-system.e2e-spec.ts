import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { MailRepository } from '../src/modules/mail/mail.repository';
import { MailService } from '../src/modules/mail/mail.service';
import { JOB_QUEUE, type JobQueue } from '../src/common/queue/jobs';
import type { FailedEmailListDto } from '../src/modules/system/failed-emails.dto';
import { loginAdmin, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startReplicas, within } from './support/replicas';
import { createTestApp, TestApp } from './support/test-app';

const SYSTEM = '/api/admin/system';
const FAILED = `${SYSTEM}/failed-emails`;

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
      await t.app.get(MailRepository).create([
        {
          id: randomUUID(),
          to: 'late@example.com',
          subject: 'Waiting',
          template: 'welcome',
          payload: { name: 'Late' },
          status: 'queued',
          createdAt: new Date(Date.now() - 120_000),
        },
      ]);
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

  describe('failed emails, retried from the System view', () => {
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

    it('lists an email that failed while SMTP was down and sends it again once retried (audited)', async () => {
      const member = await registerMember(t.http);
      const port = smtp.port;
      await smtp.stop();
      const { messageId } = await t.app
        .get(MailService)
        .send('welcome', 'retry-me@example.com', { name: 'Retry', siteUrl: 'https://example.org' });

      // The worker's first attempt fails (connection refused) and the list shows it.
      const { value: listed } = await within(
        10_000,
        async (): Promise<FailedEmailListDto> =>
          (await t.http.get(FAILED).set(admin.auth).expect(200)).body,
        (body) => body.emails.some((email) => email._id === messageId),
      );
      expect(listed).toMatchObject({ page: 1, total: expect.any(Number) });
      const failed = listed.emails.find((email) => email._id === messageId)!;
      expect(failed).toMatchObject({
        to: 'retry-me@example.com',
        template: 'welcome',
        subject: expect.any(String),
        error: expect.any(String),
        errorCode: expect.stringMatching(/^E(CONNECTION|SOCKET)$/),
        attempts: expect.any(Number),
        createdAt: expect.any(String),
      });
      expect(failed.attempts).toBeGreaterThanOrEqual(1);

      // Guests and members may neither read nor retry.
      await t.http.get(FAILED).expect(401);
      const refused = await t.http.get(FAILED).set(member.auth).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, msg: expect.any(String) });
      await t.http.post(`${FAILED}/${messageId}/retry`).set(member.auth).expect(403);

      await smtp.start(port);
      const retried = await t.http.post(`${FAILED}/${messageId}/retry`).set(admin.auth).expect(200);
      expect(retried.body).toEqual({ _id: messageId, status: 'queued' });
      const arrived = await smtp.waitFor('retry-me@example.com', 15_000);
      expect(arrived.subject).toBe(failed.subject);
      const { value: sent } = await within(
        5000,
        () => t.app.get(MailRepository).findById(messageId),
        (row) => row?.status === 'sent',
      );
      expect(sent?.error).toBeNull();

      const audit = await t.http
        .get('/api/admin/audit')
        .query({ action: 'EMAIL_RETRIED', targetId: messageId })
        .set(admin.auth)
        .expect(200);
      expect(audit.body.entries).toEqual([
        expect.objectContaining({
          action: 'EMAIL_RETRIED',
          targetType: 'email',
          targetId: messageId,
          targetLabel: 'welcome',
        }),
      ]);

      // Sent now: a second retry is refused, and no longer listed.
      const again = await t.http.post(`${FAILED}/${messageId}/retry`).set(admin.auth).expect(409);
      expect(again.body).toMatchObject({ statusCode: 409, msg: expect.stringMatching(/failed/) });
      const after = await t.http.get(FAILED).set(admin.auth).expect(200);
      expect(after.body.emails.map((email: { _id: string }) => email._id)).not.toContain(messageId);
      expect(smtp.messages.filter((mail) => mail.to.includes('retry-me@example.com'))).toHaveLength(
        1,
      );
    });

    it('sends again an email whose queue job used up its attempts (the queue keeps that job)', async () => {
      const port = smtp.port;
      await smtp.stop();
      const messages = t.app.get(MailRepository);
      // Marked handed over, so the relay leaves it: this test hands it over with one attempt only.
      const id = randomUUID();
      await messages.create([
        {
          id,
          to: 'spent@example.com',
          subject: 'Spent',
          template: 'welcome',
          payload: { name: 'Spent', siteUrl: 'https://example.org' },
          status: 'queued',
          enqueuedAt: new Date(),
        },
      ]);
      await t.app
        .get<JobQueue>(JOB_QUEUE)
        .add('mail.send', { messageId: id }, { jobId: id, attempts: 1 });
      await within(
        10_000,
        () => messages.findById(id),
        (row) => row?.status === 'failed',
      );
      await smtp.start(port);
      await t.http.post(`${FAILED}/${id}/retry`).set(admin.auth).expect(200);
      await smtp.waitFor('spent@example.com', 10_000);
    });

    it('answers 404 to an unknown or malformed id, in the error shape', async () => {
      const unknown = await t.http
        .post(`${FAILED}/00000000-0000-4000-8000-000000000000/retry`)
        .set(admin.auth)
        .expect(404);
      expect(unknown.body).toMatchObject({ statusCode: 404, code: 'EMAIL_NOT_FOUND' });
      await t.http.post(`${FAILED}/not-an-id/retry`).set(admin.auth).expect(404);
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
