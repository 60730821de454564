import { ConsoleLogger, LogLevel } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { LogContext, logContext } from './log-context';

/** Nest's JSON log line, with the request or job it belongs to. */
type JsonLine = {
  level: LogLevel;
  pid: number;
  timestamp: number;
  message: unknown;
  context?: string;
  stack?: unknown;
} & LogContext;

/**
 * Nest's console logger, with the request or job each line was written in: `reqId` (the same
 * field as Fastify's request lines) or `jobId` and `job` in JSON; `[req …]` or `[job …]` in text.
 */
export class ContextLogger extends ConsoleLogger {
  protected override getJsonLogObject(
    message: unknown,
    options: {
      context: string;
      logLevel: LogLevel;
      writeStreamType?: 'stdout' | 'stderr';
      errorStack?: unknown;
    },
  ): JsonLine {
    return { ...super.getJsonLogObject(message, options), ...logContext.getStore() };
  }

  protected override formatContext(context: string): string {
    const store = logContext.getStore();
    const marker = store?.reqId
      ? `[req ${store.reqId}] `
      : store?.jobId
        ? `[job ${store.job} ${store.jobId}] `
        : '';
    return super.formatContext(context) + marker;
  }
}

/** Every request's work runs in its log context (an onRequest hook, so it spans the handler). */
export function registerLogContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    logContext.run({ reqId: request.id }, done);
  });
}
