import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { transformFileSync } from '@swc/core';
import { newMember } from './support/factories';
import { freePort } from './support/ports';
import { SmtpSink } from './support/smtp-sink';
import { createDatabase } from './support/test-app';

/** One span as OTLP/HTTP's JSON encoding sends it (ids in hex). */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpJson {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{
      spans: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: Array<{ key: string; value: Record<string, unknown> }>;
      }>;
    }>;
  }>;
}

/** A minimal OTLP/HTTP collector: keeps every span the exporters POST to /v1/traces. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly contentTypes = new Set<string>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          this.contentTypes.add(String(req.headers['content-type']));
          this.keep(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJson);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
    return this;
  }

  private keep(body: OtlpJson): void {
    for (const { resource, scopeSpans } of body.resourceSpans) {
      const service =
        resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
      for (const { spans } of scopeSpans) {
        for (const span of spans) {
          const attributes = Object.fromEntries(
            (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
          );
          this.spans.push({ ...span, service, attributes });
        }
      }
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const BACKEND = join(__dirname, '..');

/**
 * The API's sources compiled as the build does (SWC, CommonJS, decorator metadata) into a folder
 * under backend/tmp: the processes must load pg and ioredis through Node's own require, which
 * the instrumentations hook, and not through Jest's module registry.
 */
function compileApi(): string {
  const out = join(BACKEND, 'tmp', `tracing-${randomBytes(4).toString('hex')}`);
  const src = join(BACKEND, 'src');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  for (const file of walk(src)) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    const target = join(out, 'dist', relative(src, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    const { code } = transformFileSync(file, {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
      swcrc: false,
    });
    writeFileSync(target, code);
  }
  // dist/db finds the migrations at ../../drizzle, as in the real build.
  symlinkSync(join(BACKEND, 'drizzle'), join(out, 'drizzle'));
  return out;
}

function startProcess(main: string, env: Record<string, string>, output: string[]): ChildProcess {
  const child = spawn(process.execPath, [main], {
    cwd: BACKEND,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}

async function until<T>(read: () => T | undefined, what: string, ms = 30000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Traces over OTLP: a request and the email it caused are one trace', () => {
  const receiver = new OtlpReceiver();
  const smtp = new SmtpSink();
  const output: string[] = [];
  const children: ChildProcess[] = [];
  let build = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let api = '';

  beforeAll(async () => {
    if (!process.env.TEST_REDIS_URL) throw new Error('this suite needs TEST_REDIS_URL');
    await receiver.start();
    await smtp.start();
    build = compileApi();
    const database = await createDatabase();
    dropDatabase = database.drop;
    const port = await freePort();
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(build, 'data'),
      JWT_SECRET: 'test-secret-that-is-long-enough-123456',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL,
      QUEUE_PREFIX: `tracing-${randomBytes(4).toString('hex')}`,
      SMTP_URL: smtp.url,
      SEED_DEMO: 'false',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_DATABASE_QUEUE: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const main = join(build, 'dist', 'main.js');
    children.push(
      startProcess(main, { ...common, PROCESS_ROLE: 'api', PORT: String(port) }, output),
    );
    api = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60000;
    for (;;) {
      const ready = await fetch(`${api}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      if (children[0].exitCode !== null || Date.now() > deadline)
        throw new Error(`the API did not start:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The worker starts after the API has migrated the database.
    children.push(startProcess(main, { ...common, PROCESS_ROLE: 'worker' }, output));
  }, 120000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await receiver.stop();
    await smtp.stop();
    await dropDatabase?.();
    if (build) rmSync(build, { recursive: true, force: true });
  });

  it('sends the worker\u2019s email job as a child of the registration request that wrote it', async () => {
    const member = newMember();
    const res = await fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(member),
    });
    expect(res.status).toBe(201);
    await smtp.waitFor(member.email, 30000);

    // The API's server span for the route pattern, not the URL.
    const request = await until(
      () =>
        receiver.spans.find(
          (s) => s.service === 'diaspora-platform-api' && s.name === 'POST /api/auth/register',
        ),
      'the request span',
    );
    expect(request.attributes['http.route']).toBe('/api/auth/register');
    const job = await until(
      () =>
        receiver.spans.find(
          (s) => s.service === 'diaspora-platform-worker' && s.name === 'job mail.send',
        ),
      `the email job's span (output: ${output.join('')})`,
    );
    // One trace: the job's parent is a span of the request in the API process.
    expect(job.traceId).toBe(request.traceId);
    const requestSpanIds = receiver.spans
      .filter((s) => s.service === 'diaspora-platform-api' && s.traceId === request.traceId)
      .map((s) => s.spanId);
    expect(requestSpanIds).toContain(job.parentSpanId);
    // The request's PostgreSQL queries and the worker's own are in the trace too.
    const inTrace = () => receiver.spans.filter((s) => s.traceId === request.traceId);
    const isQuery = (s: ReceivedSpan) =>
      (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'postgresql';
    await until(
      () =>
        inTrace().some((s) => s.service === 'diaspora-platform-worker' && isQuery(s)) || undefined,
      'a worker query in the trace',
    );
    const queries = inTrace().filter(isQuery);
    expect(queries.map((s) => s.service)).toEqual(
      expect.arrayContaining(['diaspora-platform-api', 'diaspora-platform-worker']),
    );
    expect(queries.filter((s) => s.service === 'diaspora-platform-worker')).toEqual(
      expect.arrayContaining([expect.objectContaining({ parentSpanId: job.spanId })]),
    );
    // Redis commands too (the registration's rate limit, the outbox relay's hand-over to BullMQ).
    expect(
      inTrace().some(
        (s) => s.service === 'diaspora-platform-api' && s.attributes['db.system.name'] === 'redis',
      ),
    ).toBe(true);
    // Exported as OTLP/HTTP JSON, the SDK's default for this exporter.
    expect([...receiver.contentTypes]).toEqual(['application/json']);
  });

  it('traces no health probe, and no database poll outside a request or job', async () => {
    await fetch(`${api}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.spans.filter((s) => s.name.includes('/api/health'))).toEqual([]);
    // Every span belongs to a trace that started with a request or a job.
    const roots = receiver.spans.filter((s) => !s.parentSpanId).map((s) => s.name);
    for (const name of roots) expect(name).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/|^job /);
  });
});
