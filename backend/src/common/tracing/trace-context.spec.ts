import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ContextLogger } from '../logging/context-logger';
import { currentTraceId, currentTraceparent, inJobSpan } from './trace-context';

/** What the logger writes to stdout while `work` runs. */
function written(work: () => void): string[] {
  const lines: string[] = [];
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    work();
  } finally {
    out.mockRestore();
  }
  return lines;
}

describe('trace context', () => {
  it('is nothing while tracing is off: no traceparent, no trace id, the job still runs', async () => {
    expect(currentTraceparent()).toBeUndefined();
    expect(currentTraceId()).toBeUndefined();
    await expect(inJobSpan('mail.send', undefined, {}, async () => 42)).resolves.toBe(42);
    const [line] = written(() => new ContextLogger({ json: true }).log('off', 'Test'));
    expect(JSON.parse(line)).not.toHaveProperty('trace_id');
  });

  describe('with tracing on', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const manager = new AsyncLocalStorageContextManager();

    beforeAll(() => {
      context.setGlobalContextManager(manager.enable());
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      trace.setGlobalTracerProvider(provider);
    });
    afterAll(async () => {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    });

    it("continues a stored traceparent as the job's parent, and log lines carry the trace id", async () => {
      const tracer = trace.getTracer('test');
      const { traceparent, traceId } = tracer.startActiveSpan('POST /api/auth/register', (span) => {
        const stored = { traceparent: currentTraceparent(), traceId: span.spanContext().traceId };
        span.end();
        return stored;
      });
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      let logged: string[] = [];
      await inJobSpan('mail.send', traceparent, { 'job.id': 'j1' }, async () => {
        logged = written(() => new ContextLogger({ json: true }).log('sending', 'MailService'));
      });
      const job = exporter.getFinishedSpans().find((span) => span.name === 'job mail.send');
      expect(job?.spanContext().traceId).toBe(traceId);
      expect(job?.parentSpanContext?.spanId).toBe(traceparent?.split('-')[2]);
      expect(job?.attributes).toMatchObject({ 'job.name': 'mail.send', 'job.id': 'j1' });
      expect(JSON.parse(logged[0])).toMatchObject({ message: 'sending', trace_id: traceId });
    });

    it('starts a new trace for a job that carries none, and marks a failed attempt', async () => {
      await expect(
        inJobSpan('reminder.send', undefined, {}, async () => {
          throw new Error('smtp down');
        }),
      ).rejects.toThrow('smtp down');
      const job = exporter.getFinishedSpans().find((span) => span.name === 'job reminder.send');
      expect(job?.parentSpanContext).toBeUndefined();
      expect(job?.status.code).toBe(2);
      expect(job?.events.map((event) => event.name)).toEqual(['exception']);
    });
  });
});
