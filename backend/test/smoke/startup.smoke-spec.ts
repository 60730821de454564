import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/config';
import { createPgliteTemplate, DatabaseHandle, openDatabase } from '../../src/db/database';
import { DemoService } from '../../src/modules/demo/demo.service';
import { ADMIN } from '../support/test-app';

// Issue 16: the embedded default answers /api/health within 5 s after the build. The figure itself
// lives in bench/embedded-start.mjs (the machine is shared and noisy); this suite holds what makes
// it: no initdb on a first start, demo content off the critical path, and a bound 4x the goal.
const GENEROUS_BOUND_MS = 20_000;

describe('embedded start (PGlite, demo content)', () => {
  const root = mkdtempSync(join(tmpdir(), 'startup-smoke-'));
  const template = join(root, 'template');
  const dataDir = join(root, 'data');

  beforeAll(() => createPgliteTemplate(template), 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function start(): Promise<{
    app: NestFastifyApplication;
    database: DatabaseHandle;
    healthyMs: number;
  }> {
    const started = performance.now();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-123456',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
    });
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    const app = await createApp(config, database);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    return { app, database, healthyMs: performance.now() - started };
  }

  it('the build makes the template a first start copies', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
    expect(pkg.scripts.build).toContain('dist/db/pglite-template.cli.js');
  });

  it('a first start copies the template (no initdb), is healthy in bounded time, seeds after', async () => {
    const first = await start();
    try {
      expect(first.database.origin).toBe('template');
      expect(first.healthyMs).toBeLessThan(GENEROUS_BOUND_MS);
      // Healthy before any demo content: seeding is off the critical path.
      const before = await first.app.inject({ method: 'GET', url: '/api/events?limit=1' });
      expect(before.json().total).toBe(0);
      first.app.get(DemoService).seedAfterStart();
      await first.app.get(DemoService).whenSeeded();
      const events = await first.app.inject({ method: 'GET', url: '/api/events?limit=1' });
      expect(events.json().total).toBeGreaterThan(0);
    } finally {
      await first.app.close();
    }

    const again = await start();
    try {
      expect(again.database.origin).toBe('existing');
      expect(again.healthyMs).toBeLessThan(GENEROUS_BOUND_MS);
    } finally {
      await again.app.close();
    }
  }, 240_000);
});
