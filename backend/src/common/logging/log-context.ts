import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written during a request or a job says it belongs to. */
export interface LogContext {
  /** The request's id (Fastify's `reqId`, echoed as `x-request-id`). */
  reqId?: string;
  /** The job's id and name, in the worker. */
  jobId?: string;
  job?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `work` with its log lines marked as this request's or job's. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return logContext.run(context, work);
}
