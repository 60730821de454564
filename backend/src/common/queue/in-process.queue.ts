import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { withLogContext } from '../logging/log-context';
import {
  DailyTime,
  HourlyTime,
  DEFAULT_JOB_OPTIONS,
  JobHandler,
  JobMap,
  JobName,
  JobObserver,
  JobOptions,
  JobQueue,
  msUntilDaily,
  msUntilHourly,
  observed,
} from './jobs';

/** The longest delay a Node timer takes (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs jobs in this process with the same retry rules as BullMQ; for setups without Redis. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending = 0;
  private readonly activeIds = new Set<string>();
  /** Jobs with an id that have not started yet, so that they can be removed. */
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  /** Started jobs waiting out their backoff before the next attempt, by id. */
  private readonly backingOff = new Map<string, NodeJS.Timeout>();
  /** The timer of each daily schedule, by scheduler id (scheduling it again replaces it). */
  private readonly daily = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private running = 0;
  /** Jobs that used up their attempts since this process started. */
  private failed = 0;

  constructor(private readonly observer?: JobObserver) {}

  async add<N extends JobName>(name: N, data: JobMap[N], options?: Partial<JobOptions>) {
    const opts = { ...DEFAULT_JOB_OPTIONS, ...options };
    if (opts.jobId) {
      if (this.activeIds.has(opts.jobId)) return;
      this.activeIds.add(opts.jobId);
    }
    const delay = Math.max(0, opts.delayMs ?? 0);
    if (delay === 0) return this.start(name, data, opts);
    this.wait(name, data, opts, Date.now() + delay);
  }

  async addMany<N extends JobName>(
    name: N,
    jobs: { data: JobMap[N]; options?: Partial<JobOptions> }[],
  ) {
    for (const { data, options } of jobs) await this.add(name, data, options);
  }

  /**
   * A delayed job is not pending work until it is due, so drain() does not wait days for it. A
   * timer holds at most ~24.8 days (Node fires a longer one at once): it is re-armed until due.
   */
  private wait<N extends JobName>(name: N, data: JobMap[N], opts: JobOptions, dueAt: number) {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (dueAt > Date.now()) return this.wait(name, data, opts, dueAt);
        if (opts.jobId) this.waiting.delete(opts.jobId);
        this.start(name, data, opts);
      },
      Math.min(Math.max(0, dueAt - Date.now()), MAX_TIMER_MS),
    );
    this.timers.add(timer);
    if (opts.jobId) this.waiting.set(opts.jobId, timer);
  }

  async scheduleDaily<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: DailyTime,
  ): Promise<void> {
    this.repeat(schedulerId, name, data, () => msUntilDaily(at));
  }

  async scheduleHourly<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: HourlyTime,
  ): Promise<void> {
    this.repeat(schedulerId, name, data, () => msUntilHourly(at));
  }

  /** One timer per schedule id: adding it again replaces it; each run sets the next. */
  private repeat<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    delay: () => number,
  ): void {
    const previous = this.daily.get(schedulerId);
    if (previous) {
      clearTimeout(previous);
      this.timers.delete(previous);
    }
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.daily.delete(schedulerId);
      void this.add(name, data);
      this.repeat(schedulerId, name, data, delay);
    }, delay());
    this.timers.add(timer);
    this.daily.set(schedulerId, timer);
  }

  async remove(jobId: string): Promise<void> {
    // A started job waiting out its backoff goes as BullMQ's delayed retry does: an admin's
    // retry of a failed email then sends it now, not at the backoff's time.
    const retry = this.backingOff.get(jobId);
    if (retry) {
      clearTimeout(retry);
      this.timers.delete(retry);
      this.backingOff.delete(jobId);
      return this.settle(jobId);
    }
    const timer = this.waiting.get(jobId);
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
    this.waiting.delete(jobId);
    this.activeIds.delete(jobId);
  }

  private start<N extends JobName>(name: N, data: JobMap[N], opts: JobOptions): void {
    this.pending++;
    // Every job has an id for its log lines, as BullMQ gives one.
    this.schedule(name, data, 1, { ...opts, jobId: opts.jobId ?? randomUUID() }, 0);
  }

  process<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as JobHandler<JobName>);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('queue closed');
  }

  async counts(): Promise<Record<string, number>> {
    return {
      waiting: this.pending - this.running,
      active: this.running,
      delayed: this.waiting.size,
      failed: this.failed,
    };
  }

  drain(timeoutMs = 10000): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('queue did not drain in time')), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
  }

  private schedule<N extends JobName>(
    name: N,
    data: JobMap[N],
    attempt: number,
    opts: JobOptions,
    delay: number,
  ): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (opts.jobId) this.backingOff.delete(opts.jobId);
      void this.run(name, data, attempt, opts);
    }, delay);
    this.timers.add(timer);
    if (attempt > 1 && opts.jobId) this.backingOff.set(opts.jobId, timer);
  }

  private async run<N extends JobName>(
    name: N,
    data: JobMap[N],
    attempt: number,
    opts: JobOptions,
  ) {
    if (this.closed) return this.settle(opts.jobId);
    const handler = this.handlers.get(name);
    this.running++;
    const context = { jobId: opts.jobId, job: name };
    try {
      if (!handler) throw new Error(`no handler for job ${name}`);
      await withLogContext(context, () =>
        observed(this.observer, name, () => handler(data), { id: opts.jobId, data }),
      );
      this.running--;
      this.settle(opts.jobId);
    } catch (error) {
      this.running--;
      if (attempt < opts.attempts && !this.closed) {
        this.schedule(name, data, attempt + 1, opts, opts.backoffMs * 2 ** (attempt - 1));
      } else {
        withLogContext(context, () =>
          this.logger.warn(`job ${name} failed after ${attempt} attempts: ${String(error)}`),
        );
        this.failed++;
        this.settle(opts.jobId);
      }
    }
  }

  private settle(jobId?: string): void {
    if (jobId) this.activeIds.delete(jobId);
    this.pending--;
    if (this.pending === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((wake) => wake());
    }
  }
}
