/** Every background job the platform runs, by name, with its payload. */
export interface JobMap {
  'mail.send': { messageId: string };
  /** An event's reminder to one member; `startsAt` (ISO) is the start it was scheduled for. */
  'reminder.send': { eventId: string; userId: string; startsAt: string };
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

/** One queue interface, served by BullMQ on Redis or by an in-process runner without it. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add<N extends JobName>(name: N, data: JobMap[N], options?: Partial<JobOptions>): Promise<void>;
  /** Registers the worker for a job; only processes whose role runs workers consume jobs. */
  process<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Removes a job that has not started yet (a delayed job no longer wanted); unknown ids are fine. */
  remove(jobId: string): Promise<void>;
  ping(): Promise<void>;
  /** Resolves when nothing is waiting or running (used by tests and shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
