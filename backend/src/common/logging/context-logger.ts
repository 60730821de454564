import { ConsoleLogger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { LogContext, logContext } from './log-context';

/** Nest's JSON log line (its own shape, whichever Nest version), with the request or job. */
type JsonLine = ReturnType<ConsoleLogger['getJsonLogObject']> & LogContext;
type JsonOptions = Parameters<ConsoleLogger['getJsonLogObject']>[1];

/**
 * Nest's console logger, with the request or job each line was written in: `reqId` (the same
 * field as Fastify's request lines) or `jobId` and `job` in JSON; `[req …]` or `[job …]` in text.
 */
export class ContextLogger extends ConsoleLogger {
  protected override getJsonLogObject(message: unknown, options: JsonOptions): JsonLine {
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
