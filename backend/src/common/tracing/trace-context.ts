import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';

/**
 * The W3C `traceparent` of the span running now, to store beside work done later (an outbox
 * row): undefined when tracing is off or nothing is being traced.
 */
export function currentTraceparent(): string | undefined {
  if (!trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The active span's trace id for log lines, when tracing is on and something is traced. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

const tracer = trace.getTracer('diaspora-platform');

/**
 * Runs a job's attempt in a span of its own, a child of the trace it was caused in (its stored
 * `traceparent`), or a new trace. With tracing off the API's no-op tracer makes this a plain call.
 */
export function inJobSpan<T>(
  job: string,
  traceparent: string | undefined,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return tracer.startActiveSpan(
    `job ${job}`,
    { kind: SpanKind.CONSUMER, attributes: { 'job.name': job, ...attributes } },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Names the request's server span after its route pattern (`GET /api/events/:id`), never its URL. */
export function nameRequestSpan(method: string, route: string | undefined): void {
  const span = trace.getActiveSpan();
  if (!span?.isRecording() || !route) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}
