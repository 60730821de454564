import { ConsoleLogger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { currentTraceId } from '../tracing/trace-context';
import { LogContext, logContext } from './log-context';

/** Nest's JSON log line (its own shape, whichever Nest version), with the request or job. */
type JsonLine = ReturnType<ConsoleLogger['getJsonLogObject']> & LogContext & { trace_id?: string };
type JsonOptions = Parameters<ConsoleLogger['getJsonLogObject']>[1];

/**
 * Nest's console logger, with the request or job each line was written in: `reqId` (the same
 * field as Fastify's request lines) or `jobId` and `job` in JSON; `[req …]` or `[job …]` in text.
 * JSON lines also carry `trace_id` while a traced request or job runs.
 */
export class ContextLogger extends ConsoleLogger {
  protected override getJsonLogObject(message: unknown, options: JsonOptions): JsonLine {
    const traceId = currentTraceId();
    return {
      ...super.getJsonLogObject(message, options),
      ...logContext.getStore(),
      // With tracing on, the line's trace (ADR 0065): a log search leads to the trace and back.
      ...(traceId ? { trace_id: traceId } : {}),
    };
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
