import { sql } from 'drizzle-orm';
import { Metrics } from '../src/common/metrics/metrics';
import { serveWorkerMetrics } from '../src/common/metrics/worker-metrics-server';
import { createTestApp, TestApp } from './support/test-app';

const TOKEN = 'scrape-token-for-the-tests-0123456789';
const MISSING = '00000000-0000-4000-8000-000000000000';

/** One sample of the Prometheus text format: `name{a="b",...} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the exposition format line by line (comments skipped); a malformed line fails the test. */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key] = value;
      }
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

describe('metrics: GET /api/metrics in the Prometheus format, behind METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.http
      .get('/api/metrics')
      .set('authorization', `Bearer ${TOKEN}`)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(res.text);
  };

  it('answers 401 in the error shape without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const request = t.http.get('/api/metrics');
      if (authorization) void request.set('authorization', authorization);
      const res = await request.expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        msg: 'A valid metrics token is required',
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('counts and times each request by its route pattern and status, not its URL', async () => {
    await t.http.get(`/api/events/${MISSING}`).expect(404);
    await t.http.get(`/api/events/${MISSING}`).expect(404);
    await t.http.get('/api/no-such-route').expect(404);
    const samples = await scrape();
    const labels = { method: 'GET', route: '/api/events/:id', status: '404' };
    expect(find(samples, 'http_requests_total', labels)?.value).toBe(2);
    expect(find(samples, 'http_request_duration_seconds_count', labels)?.value).toBe(2);
    expect(
      find(samples, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })?.value,
    ).toBe(2);
    // The web front end's catch-all answered it.
    expect(find(samples, 'http_requests_total', { route: '/*', status: '404' })?.value).toBe(1);
    // No series carries a raw URL: ids and unknown paths would each make a series of their own.
    expect(samples.some((s) => /no-such-route|0000/.test(s.labels.route ?? ''))).toBe(false);
  });

  it('reports the pool, the queue, the outbox, the read cache, event-loop lag and memory', async () => {
    // A message queued five minutes ago and already handed to the queue (so the relay leaves it).
    await t.database.db.execute(
      sql`insert into mail_messages ("to", subject, template, status, created_at, enqueued_at)
          values ('late@example.com', 'Late', 'contact', 'queued', now() - interval '300 seconds', now())`,
    );
    await t.http.get('/api/events').expect(200);
    await t.http.get('/api/events').expect(200);
    const samples = await scrape();
    expect(find(samples, 'db_pool_clients_total')?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'db_pool_clients_in_use')?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'db_pool_waiting')?.value).toBe(0);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(find(samples, 'queue_jobs', { state })?.value).toBeGreaterThanOrEqual(0);
    }
    expect(find(samples, 'outbox_backlog')?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'outbox_oldest_age_seconds')?.value).toBeGreaterThanOrEqual(300);
    expect(
      find(samples, 'read_cache_lookups_total', { result: 'miss' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find(samples, 'read_cache_lookups_total', { result: 'hit' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'nodejs_eventloop_lag_p99_seconds')?.value).toBeGreaterThan(0);
    expect(find(samples, 'process_resident_memory_bytes')?.value).toBeGreaterThan(1e6);
    expect(find(samples, 'app_ready')?.value).toBe(1);
  });

  it("serves a worker's metrics on a port of its own, behind the same token", async () => {
    const server = await serveWorkerMetrics(t.app.get(Metrics), TOKEN, 0, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const samples = parseSamples(await res.text());
      expect(find(samples, 'queue_jobs', { state: 'failed' })).toBeDefined();
      expect(find(samples, 'process_resident_memory_bytes')?.value).toBeGreaterThan(1e6);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('metrics: without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has no metrics route: 404 whatever is sent', async () => {
    const res = await t.http.get('/api/metrics').set('authorization', 'Bearer x').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
