#!/usr/bin/env node
// Load test of GET /api/events with 10,000 events on a throwaway PostgreSQL.
// Usage: npm run bench -w @diaspora/bench  (builds nothing: run `npm run build` first)
// Env: BENCH_PORT (default 4250), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_EVENTS (10000)
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, runCleanups, startPostgres, waitForHealth } from '../scripts/services.mjs';
import { seedEvents } from './seed-events.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4250);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const eventCount = Number(process.env.BENCH_EVENTS ?? 10000);
const main = join(root, 'backend/dist/main.js');

const SCENARIOS = [
  // Framework, auth guard and one database ping: the ceiling the list routes are measured against.
  ['baseline: GET /api/health', '/api/health'],
  ['newest 12 (list page 1)', '/api/events?page=1&limit=12'],
  ['upcoming 12', '/api/events?upcoming=true&limit=12'],
  ['full-text search', '/api/events?search=coffee&limit=12'],
  ['category + country', '/api/events?category=business&country=Canada&limit=12'],
  ['deep page (page 400)', '/api/events?page=400&limit=12'],
];

async function run() {
  if (!existsSync(main)) throw new Error('backend/dist is missing: run `npm run build` first');
  const cleanups = [];
  try {
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const databaseUrl = await createDatabase(postgres.url, 'bench');
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-that-is-certainly-long-enough-0123456789',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    execFileSync('node', [join(root, 'backend/dist/db/migrate.cli.js')], { env, stdio: 'inherit' });
    const total = await seedEvents(databaseUrl, eventCount);
    console.log(`seeded ${total} events`);

    const server = spawn('node', [main], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    cleanups.push(() => server.kill('SIGTERM'));
    const baseUrl = `http://127.0.0.1:${port}`;
    if (!(await waitForHealth(baseUrl))) throw new Error('the API did not start');

    // Warm up connections, JIT and the database cache before measuring.
    await autocannon({ url: `${baseUrl}${SCENARIOS[1][1]}`, connections, duration: 3 });
    const rows = [];
    for (const [name, path] of SCENARIOS) {
      const result = await autocannon({ url: `${baseUrl}${path}`, connections, duration: seconds });
      const failures = result.errors + result.timeouts + result.non2xx;
      rows.push({
        scenario: name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        failures,
      });
    }
    console.log(
      `\nGET /api/events, ${total} events, PostgreSQL, ${connections} connections, ${seconds} s each`,
    );
    console.table(rows);
    if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
  } finally {
    await runCleanups(cleanups);
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
