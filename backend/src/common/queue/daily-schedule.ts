import type {
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import type { DailyTime, HourlyTime, JobMap, JobName, JobQueue } from './jobs';

/** A scheduled job: its one scheduler id, its job and data, and its time of day or minute. */
export interface ScheduledJobOptions<N extends JobName> {
  schedulerId: string;
  name: N;
  data: JobMap[N];
  at: DailyTime | HourlyTime;
}

/** A start that could not reach the queue (Redis away) tries to schedule again this much later. */
export const RESCHEDULE_AFTER_MS = 60_000;

/**
 * A daily (or, with `at: { minute }`, hourly) job's schedule kept on the queue: upserted at start
 * (idempotent, so every process that runs jobs may do it and it exists once), tried again a
 * minute later while the queue is away, never after `stop()`.
 */
export class DailySchedule<N extends JobName> {
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly job: ScheduledJobOptions<N>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.stopped) return;
    const { schedulerId, name, data, at } = this.job;
    const scheduled =
      'hour' in at
        ? this.queue.scheduleDaily(schedulerId, name, data, at)
        : this.queue.scheduleHourly(schedulerId, name, data, at);
    scheduled.catch((error: unknown) => {
      this.logger.warn(`could not schedule the ${name} job: ${String(error)}`);
      if (this.stopped) return;
      this.retry = setTimeout(() => this.start(), RESCHEDULE_AFTER_MS);
      this.retry.unref();
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }
}

/**
 * A service whose work runs as a scheduled job: processes that run jobs (the worker, or the one
 * process without Redis; never the API replicas) take the job's handler at init and keep its
 * schedule from bootstrap to shutdown. The subclass says what the job does in `runJob`.
 */
export abstract class ScheduledJob<N extends JobName>
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private schedule?: DailySchedule<N>;

  protected constructor(
    private readonly processRole: AppConfig['processRole'],
    private readonly queue: JobQueue,
    private readonly job: ScheduledJobOptions<N>,
    protected readonly logger: Logger,
  ) {}

  /** One run of the job, on the schedule's tick. */
  protected abstract runJob(): Promise<unknown>;

  private get runsJobs(): boolean {
    return this.processRole !== 'api';
  }

  onModuleInit(): void {
    if (this.runsJobs) this.queue.process(this.job.name, async () => void (await this.runJob()));
  }

  onApplicationBootstrap(): void {
    if (!this.runsJobs) return;
    this.schedule = new DailySchedule(this.queue, this.job, this.logger);
    this.schedule.start();
  }

  onApplicationShutdown(): void {
    this.schedule?.stop();
  }
}
