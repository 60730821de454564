import type { Logger } from '@nestjs/common';
import type { DailyTime, HourlyTime, JobMap, JobName, JobQueue } from './jobs';

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
    private readonly job: {
      schedulerId: string;
      name: N;
      data: JobMap[N];
      at: DailyTime | HourlyTime;
    },
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
