import { Logger } from '@nestjs/common';
import { ConnectionOptions, Queue, Worker } from 'bullmq';
import { withLogContext } from '../logging/log-context';
import type { RedisOptions } from 'ioredis';
import {
  DailyTime,
  HourlyTime,
  DEFAULT_JOB_OPTIONS,
  JobHandler,
  JobMap,
  JobName,
  JobOptions,
  JobObserver,
  JobQueue,
  observed,
} from './jobs';

const QUEUE_NAME = 'platform-jobs';

export function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis; they must not give up on a slow reply.
    maxRetriesPerRequest: null,
    // Reconnect within a second of Redis coming back (ioredis would back off to 20 s).
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
  };
}

/** BullMQ on Redis: jobs survive restarts and are shared by every API replica and worker. */
export class BullmqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger('BullmqQueue');
  private readonly queue: Queue;
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private worker?: Worker;

  private readonly connection: ConnectionOptions;

  constructor(
    redis: RedisOptions,
    private readonly prefix = 'diaspora',
    private readonly observer?: JobObserver,
  ) {
    this.connection = redis as ConnectionOptions;
    // Adding fails at once while Redis is away (no offline queue): the outbox relay retries later.
    this.queue = new Queue(QUEUE_NAME, {
      connection: { ...redis, enableOfflineQueue: false } as ConnectionOptions,
      prefix,
    });
    this.queue.on('error', (error) => this.reportError(error));
  }

  /** Redis errors repeat every reconnect attempt: one line per outage, not one per attempt. */
  private lastError = '';
  private reportError(error: Error): void {
    if (error.message === this.lastError) return;
    this.lastError = error.message;
    this.logger.warn(`redis: ${error.message}`);
  }

  async add<N extends JobName>(name: N, data: JobMap[N], options?: Partial<JobOptions>) {
    await this.queue.add(name, data, bullOptions(options));
  }

  async addMany<N extends JobName>(
    name: N,
    jobs: { data: JobMap[N]; options?: Partial<JobOptions> }[],
  ) {
    if (!jobs.length) return;
    await this.queue.addBulk(
      jobs.map(({ data, options }) => ({ name, data, opts: bullOptions(options) })),
    );
  }

  /**
   * One job scheduler per id in Redis: upserting it again (every replica and the worker do at
   * each start) replaces its next job with the same one, so the job is added once a day.
   */
  scheduleDaily<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: DailyTime,
  ): Promise<void> {
    return this.schedule(schedulerId, name, data, `${at.minute} ${at.hour} * * *`);
  }

  scheduleHourly<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: HourlyTime,
  ): Promise<void> {
    return this.schedule(schedulerId, name, data, `${at.minute} * * * *`);
  }

  /** BullMQ's job scheduler, upserted: one schedule however many processes start. */
  private async schedule<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    pattern: string,
  ): Promise<void> {
    const opts = DEFAULT_JOB_OPTIONS;
    await this.queue.upsertJobScheduler(
      schedulerId,
      { pattern, tz: 'UTC' },
      {
        name,
        data,
        opts: {
          attempts: opts.attempts,
          backoff: { type: 'exponential', delay: opts.backoffMs },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      },
    );
  }

  process<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as JobHandler<JobName>);
    if (this.worker) return;
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const run = this.handlers.get(job.name as JobName);
        if (!run) throw new Error(`no handler for job ${job.name}`);
        await withLogContext({ jobId: job.id, job: job.name }, () =>
          observed(this.observer, job.name as JobName, () => run(job.data as JobMap[JobName]), job),
        );
      },
      { connection: this.connection, prefix: this.prefix, concurrency: 5 },
    );
    this.worker.on('error', (error) => this.reportError(error));
    this.worker.on('failed', (job, error) =>
      withLogContext({ jobId: job?.id, job: job?.name }, () =>
        this.logger.warn(`job ${job?.name} attempt ${job?.attemptsMade} failed: ${error.message}`),
      ),
    );
  }

  async remove(jobId: string): Promise<void> {
    // A job that is running or done cannot be removed (BullMQ refuses a locked one): that is fine.
    await this.queue.remove(jobId).catch(() => undefined);
  }

  /** The queue's Redis connection as it is now ('ready', 'reconnecting'...), without waiting for it. */
  private async redisStatus(): Promise<string> {
    return (await this.queue.getBackend().client).status;
  }

  /** Answers at once while Redis is away (the client is not ready) instead of waiting for it. */
  async ping(): Promise<void> {
    const status = await this.redisStatus();
    if (status !== 'ready') throw new Error(`redis ${status}`);
    this.lastError = '';
    await this.queue.getJobCounts('waiting');
  }

  async counts(): Promise<Record<string, number>> {
    const counts = await this.queue.getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'failed',
    );
    const { prioritized = 0, ...rest } = counts;
    return { ...rest, waiting: (rest.waiting ?? 0) + prioritized };
  }

  async drain(timeoutMs = 10000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      // A job scheduler's next job always waits for its day: it is not pending work.
      if (counts.delayed > 0) {
        counts.delayed = (await this.queue.getDelayed()).filter((job) => !job.repeatJobKey).length;
      }
      if (Object.values(counts).every((count) => count === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('queue did not drain in time');
  }

  /**
   * Lets running jobs finish while Redis answers. With Redis away a job's end could not be
   * recorded and a graceful close waits for Redis forever: the worker stops at once instead, and
   * BullMQ hands the jobs whose locks lapse to a worker again.
   */
  async close(): Promise<void> {
    await this.worker?.close((await this.redisStatus()) !== 'ready');
    await this.queue.close();
  }
}

/** Our job options as BullMQ takes them. */
function bullOptions(options?: Partial<JobOptions>) {
  const opts = { ...DEFAULT_JOB_OPTIONS, ...options };
  return {
    jobId: opts.jobId,
    delay: opts.delayMs,
    attempts: opts.attempts,
    backoff: { type: 'exponential', delay: opts.backoffMs },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  };
}
