import { inJobSpan } from '../tracing/trace-context';

/** Every background job the platform runs, by name, with its payload. */
export interface JobMap {
  /** `traceparent`: the trace of the request that wrote the message, when tracing is on. */
  'mail.send': { messageId: string; traceparent?: string };
  /** An event's reminder to one member; `startsAt` (ISO) is the start it was scheduled for. */
  'reminder.send': { eventId: string; userId: string; startsAt: string };
  /** The daily retention pass: old sent mail and old audit entries go (RetentionService). */
  'retention.purge': Record<string, never>;
  /** The daily digest of notifications members chose to receive once a day (ADR 0062). */
  'notifications.digest': Record<string, never>;
  /** The hourly tick of the weekly digest: members whose local Monday morning it is (ADR 0072). */
  'notifications.weekly': Record<string, never>;
}

export type JobName = keyof JobMap;
export type JobHandler<N extends JobName> = (data: JobMap[N]) => Promise<void>;

export interface JobOptions {
  attempts: number;
  /** First retry delay; each further retry doubles it. */
  backoffMs: number;
  /** Adding a job whose id is already waiting or running adds nothing (the outbox relay retries). */
  jobId?: string;
  /** Runs the job no sooner than this many milliseconds from now (a delayed job). */
  delayMs?: number;
}

export const DEFAULT_JOB_OPTIONS: JobOptions = { attempts: 5, backoffMs: 2000 };

/** A time of day in UTC. */
export interface DailyTime {
  hour: number;
  minute: number;
}

/** A minute of every hour (UTC). */
export interface HourlyTime {
  minute: number;
}

/** Milliseconds from `now` to the next `at` (UTC), always in the future. */
export function msUntilDaily(at: DailyTime, now = new Date()): number {
  const next = new Date(now);
  next.setUTCHours(at.hour, at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** Milliseconds from `now` to the next `at.minute` past an hour, always in the future. */
export function msUntilHourly(at: HourlyTime, now = new Date()): number {
  const next = new Date(now);
  next.setUTCMinutes(at.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setUTCHours(next.getUTCHours() + 1);
  return next.getTime() - now.getTime();
}

/** One queue interface, served by BullMQ on Redis or by an in-process runner without it. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add<N extends JobName>(name: N, data: JobMap[N], options?: Partial<JobOptions>): Promise<void>;
  /** Adds many jobs of one name at once (one round trip to Redis); `jobId`s dedupe as in `add`. */
  addMany<N extends JobName>(
    name: N,
    jobs: { data: JobMap[N]; options?: Partial<JobOptions> }[],
  ): Promise<void>;
  /** Registers the worker for a job; only processes whose role runs workers consume jobs. */
  process<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /**
   * Adds `name` every day at `at` (UTC). Idempotent by `schedulerId`: every replica and worker
   * may call it at each start and there is still one schedule (BullMQ's job scheduler upsert).
   */
  scheduleDaily<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: DailyTime,
  ): Promise<void>;
  /** Adds `name` every hour at `at.minute`; idempotent by `schedulerId` like `scheduleDaily`. */
  scheduleHourly<N extends JobName>(
    schedulerId: string,
    name: N,
    data: JobMap[N],
    at: HourlyTime,
  ): Promise<void>;
  /** Removes a job that has not started yet (a delayed job no longer wanted); unknown ids are fine. */
  remove(jobId: string): Promise<void>;
  ping(): Promise<void>;
  /** Jobs by state (waiting, active, delayed, failed) for the metrics; failed ones exhausted their attempts. */
  counts(): Promise<Record<string, number>>;
  /** Resolves when nothing is waiting or running (used by tests and shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** Told of every job attempt a process runs (the metrics count and time them). */
export type JobObserver = (name: JobName, result: 'completed' | 'failed', seconds: number) => void;

/**
 * Runs one attempt of a job in its span (a child of the trace the job carries, if any) and tells
 * the observer how it went and how long it took.
 */
export function observed<T>(
  observer: JobObserver | undefined,
  name: JobName,
  attempt: () => Promise<T>,
  job: { id?: string; data?: unknown } = {},
): Promise<T> {
  const carried = (job.data as { traceparent?: unknown } | undefined)?.traceparent;
  return inJobSpan(
    name,
    typeof carried === 'string' ? carried : undefined,
    job.id ? { 'job.id': job.id } : {},
    () => timed(observer, name, attempt),
  );
}

async function timed<T>(
  observer: JobObserver | undefined,
  name: JobName,
  attempt: () => Promise<T>,
): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await attempt();
    observer?.(name, 'completed', seconds());
    return result;
  } catch (error) {
    observer?.(name, 'failed', seconds());
    throw error;
  }
}
