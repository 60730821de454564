import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { TracingOptions } from '../../config/config';

/** Requests whose traces would be noise: probes and scrapes, many a minute on every replica. */
const UNTRACED_PATHS = ['/api/health', '/api/ready', '/api/metrics'];

/**
 * Starts OpenTelemetry (ADR 0065): HTTP, PostgreSQL and Redis spans exported over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Loaded only when tracing is on, and before pg, ioredis and the
 * app are loaded, so that the instrumentations can wrap them.
 */
export function startTracing(options: TracingOptions): {
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
} {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Parent-based: a job or request continuing a recorded trace is recorded too.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio) }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: options.batchDelayMs,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.some((path) => request.url?.startsWith(path)),
        // Outgoing calls (the object store, OIDC providers) only as part of a request or job.
        requireParentforOutgoingSpans: true,
      }),
      // Queries and Redis commands outside a request or job (the outbox relay's polls, BullMQ's
      // blocking reads) would each make a trace of one span, every second, on every process.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
