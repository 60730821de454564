import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached list (~1 ms) to the pool's longest wait for a client (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a gauge reads when it is scraped; an empty list leaves it unset this time. */
export type GaugeReading = Array<{ labels?: Record<string, string>; value: number }>;

/**
 * This process's Prometheus metrics, in a registry of its own (not prom-client's global one: the
 * tests start many apps in one process). Features add gauges read at scrape time with `gauge`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'read_cache_lookups_total',
    help: 'Read-cache lookups: hit, miss (loaded from the database) or bypass (Redis away)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly jobsProcessed = new Counter({
    name: 'queue_jobs_processed_total',
    help: 'Job attempts this process ran, by job name and result (completed or failed)',
    labelNames: ['name', 'result'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'queue_job_duration_seconds',
    help: 'Time one job attempt took in this process, by job name',
    labelNames: ['name'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    // Memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_*), once per registry.
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose value is read when Prometheus scrapes, e.g. the outbox's backlog. */
  gauge(
    name: string,
    help: string,
    read: () => GaugeReading | Promise<GaugeReading>,
    labelNames: string[] = [],
  ): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
