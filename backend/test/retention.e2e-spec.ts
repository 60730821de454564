import { ConnectionOptions, Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import { redisOptions } from '../src/common/queue/bullmq.queue';
import {
  RETENTION_BATCH,
  RETENTION_SCHEDULER_ID,
  RetentionService,
} from '../src/modules/retention/retention.service';
import { createTestApp, TestApp } from './support/test-app';

// MAIL_RETENTION_DAYS (90) and AUDIT_RETENTION_DAYS (365) by default: a daily job deletes what is
// older, a batch at a time, and never an email still waiting to be sent.
describe('retention of mail and audit entries', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const result = (await t.database.db.execute(query)) as unknown as {
      rows: Array<{ n: string | number }>;
    };
    return Number(result.rows[0].n);
  }

  /** Mail rows of this test (by subject) recorded `days` ago with `status`. */
  async function mail(tag: string, status: string, days: number, copies = 1): Promise<void> {
    await t.database.db.execute(sql`
      INSERT INTO mail_messages ("to", subject, template, payload, status, created_at, enqueued_at)
      SELECT 'kept-or-not@example.com', ${tag}, 'welcome', '{}'::jsonb, ${status},
             now() - make_interval(days => ${days}), now()
      FROM generate_series(1, ${copies})`);
  }

  async function audit(tag: string, days: number): Promise<void> {
    await t.database.db.execute(sql`
      INSERT INTO audit_log (actor_name, action, target_type, target_id, target_label, created_at)
      VALUES ('Admin', 'USER_APPROVED', 'user', ${tag}, ${tag}, now() - make_interval(days => ${days}))`);
  }

  const mailLeft = (tag: string) =>
    count(sql`SELECT count(*) AS n FROM mail_messages WHERE subject = ${tag}`);
  const auditLeft = (tag: string) =>
    count(sql`SELECT count(*) AS n FROM audit_log WHERE target_id = ${tag}`);

  it('the daily job deletes old finished mail and old audit entries, keeps the rest', async () => {
    await mail('old-sent', 'sent', 91);
    await mail('old-failed', 'failed', 120);
    await mail('old-unconfigured', 'not_configured', 400);
    await mail('old-queued', 'queued', 400);
    await mail('recent-sent', 'sent', 89);
    await mail('recent-failed', 'failed', 1);
    await audit('old-entry', 366);
    await audit('recent-entry', 364);

    // As the scheduler adds it: through the queue, to the worker's handler.
    await t.queue.add('retention.purge', {});
    await t.queue.drain();

    expect(await mailLeft('old-sent')).toBe(0);
    expect(await mailLeft('old-failed')).toBe(0);
    expect(await mailLeft('old-unconfigured')).toBe(0);
    expect(await mailLeft('old-queued')).toBe(1);
    expect(await mailLeft('recent-sent')).toBe(1);
    expect(await mailLeft('recent-failed')).toBe(1);
    expect(await auditLeft('old-entry')).toBe(0);
    expect(await auditLeft('recent-entry')).toBe(1);
  });

  it('deletes a big backlog in batches until none is left', async () => {
    const backlog = RETENTION_BATCH * 2 + 7;
    await mail('backlog', 'sent', 200, backlog);
    const outcome = await t.app.get(RetentionService).purge();
    expect(outcome.mailDeleted).toBe(backlog);
    expect(await mailLeft('backlog')).toBe(0);
  });

  it('keeps one daily schedule however many processes start', async () => {
    const redisUrl = t.config.redisUrl;
    // CI always has Redis: without it this test must fail, not pass having checked nothing.
    if (t.queue.kind !== 'bullmq' || !redisUrl) {
      throw new Error('one daily schedule needs the BullMQ queue on Redis (TEST_REDIS_URL)');
    }
    // A second replica and a worker on the same database and queue upsert the same scheduler.
    const shared = {
      databaseUrl: t.config.databaseUrl,
      env: { QUEUE_PREFIX: t.config.queuePrefix },
    };
    const replica = await createTestApp(shared);
    const worker = await createTestApp({
      ...shared,
      env: { ...shared.env, PROCESS_ROLE: 'worker' },
    });
    const queue = new Queue('platform-jobs', {
      connection: redisOptions(redisUrl) as ConnectionOptions,
      prefix: t.config.queuePrefix,
    });
    try {
      // Other daily jobs (the notifications' digest) have schedules of their own beside it.
      const schedulers = (await queue.getJobSchedulers()).filter(
        (scheduler) => scheduler.key === RETENTION_SCHEDULER_ID,
      );
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0].pattern).toBe('17 3 * * *');
      const next = (await queue.getDelayed()).filter(
        (job) => job.repeatJobKey && job.name === 'retention.purge',
      );
      expect(next).toHaveLength(1);
    } finally {
      await queue.close();
      await worker.close();
      await replica.close();
    }
  });
});
