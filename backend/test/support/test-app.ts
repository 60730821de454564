import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/config';
import { DatabaseHandle, openDatabase } from '../../src/db/database';
import { JOB_QUEUE, JobQueue } from '../../src/common/queue/jobs';
import { DemoService } from '../../src/modules/demo/demo.service';
import { buildOpenApiDocument } from '../../src/swagger';
import { recordContractMismatches } from './openapi-contract';

const BUILT_PGLITE_TEMPLATE = join(__dirname, '..', '..', 'dist', 'pglite-template');

export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123', name: 'Admin' };

export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  config: AppConfig;
  database: DatabaseHandle;
  queue: JobQueue;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for this app (SMTP_URL, STRIPE_*, RATE_LIMIT_*...). */
  env?: Record<string, string>;
  /** 'postgres' (default) needs TEST_DATABASE_URL; 'pglite' runs the embedded database. */
  driver?: 'postgres' | 'pglite';
  /** Use Redis/BullMQ when TEST_REDIS_URL is set (default true). */
  redis?: boolean;
  /** Open another app's database instead of a fresh one (it is not dropped at close). */
  databaseUrl?: string;
}

/** Each test app's database by its HTTP agent, so factories given only `http` can reach it. */
const databases = new WeakMap<object, DatabaseHandle>();

export function databaseOf(http: TestAgent): DatabaseHandle {
  const handle = databases.get(http);
  if (!handle) throw new Error('this agent was not made by createTestApp');
  return handle;
}

/** Creates an empty database of its own on the test server, so suites can run side by side. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run the suites through `npm test` (scripts/test.mjs)',
    );
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The whole API on a fresh database, with the admin from ADMIN_EMAIL ready. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const driver = options.driver ?? 'postgres';
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const database =
    driver === 'postgres' && !options.databaseUrl ? await createDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? database?.url;
  const useRedis = options.redis !== false && process.env.TEST_REDIS_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-123456',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_WRITES: '10000',
    RATE_LIMIT_CONTACT: '1000',
    RATE_LIMIT_ACCOUNT_EMAIL: '1000',
    RATE_LIMIT_UPLOADS: '1000',
    // Suites run side by side on a busy machine: no load shedding unless a suite asks for it.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_DATABASE_QUEUE: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...options.env,
  });
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // PGlite suites start from the build's template when there is one (initdb otherwise), as
    // `npm start` does; migrations newer than the template are applied on top of it.
    pgliteTemplate: BUILT_PGLITE_TEMPLATE,
    pool: config.databasePool,
  });
  const app = await createApp(config, handle);
  recordContractMismatches(app.getHttpAdapter().getInstance(), () => buildOpenApiDocument(app));
  try {
    await app.init();
  } catch (error) {
    // A refused start (e.g. a weak ADMIN_PASSWORD) must not leave its pool and queue open.
    await app.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    throw error;
  }
  await app.getHttpAdapter().getInstance().ready();
  // As main.ts does after listen; tests read the demo content once it is there.
  app.get(DemoService).seedAfterStart();
  await app.get(DemoService).whenSeeded();
  const queue = app.get<JobQueue>(JOB_QUEUE);
  const http = request(app.getHttpServer());
  databases.set(http, handle);
  return {
    app,
    http,
    config,
    database: handle,
    queue,
    close: async () => {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seeding every feature's demo content (images drawn with sharp) outlasts the 30 s hook limit on a busy machine. */
export const DEMO_SEED_TIMEOUT_MS = 120_000;
