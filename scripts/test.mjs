#!/usr/bin/env node
// `npm test`: every suite of the platform against real services it starts and stops itself.
// Usage: node scripts/test.mjs [stage ...] [-- extra args for jest, or for Playwright in the e2e stage]
// Stages: lint, typecheck, api-client, backend, smoke, frontend, e2e (default: all, in that order).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startPostgres, startRedis } from './services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'tmp', 'test-reports');
const ALL = ['lint', 'typecheck', 'api-client', 'backend', 'smoke', 'frontend', 'e2e'];
const FRONTEND = [
  'libs/api-client',
  'libs/session',
  'libs/i18n',
  'libs/ui',
  'shell',
  'portal',
  'admin-console',
];

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const stages = (split >= 0 ? argv.slice(0, split) : argv).filter(Boolean);
const extra = split >= 0 ? argv.slice(split + 1) : [];
const selected = stages.length ? stages : ALL;
for (const stage of selected) {
  if (!ALL.includes(stage)) {
    console.error(`unknown stage "${stage}"; stages: ${ALL.join(', ')}`);
    process.exit(2);
  }
}

const results = [];
const cleanups = [];

function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolvePromise(1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Records a stage: its test counts when its report exists, else one failure for a crashed stage. */
function record(name, code, counts) {
  const passed = counts?.passed ?? (code === 0 ? 0 : 0);
  const failed = counts
    ? counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0)
    : code === 0
      ? 0
      : 1;
  results.push({ name, code, passed, failed });
  console.log(
    `\n== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)\n`,
  );
}

const jestCounts = (file) => {
  const report = readJson(file);
  return report && { passed: report.numPassedTests, failed: report.numFailedTests };
};

let services;
async function getServices() {
  if (services) return services;
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  services = { postgres, redis };
  return services;
}

async function createDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const npx = (bin) => join(root, 'node_modules', '.bin', bin);

const stageRunners = {
  async lint() {
    const eslint = await run(npx('eslint'), ['.', '--max-warnings=0']);
    const prettier = await run(npx('prettier'), ['--check', '.', '--log-level=warn']);
    record('lint (eslint + prettier)', eslint || prettier, {
      passed: 2 - (eslint ? 1 : 0) - (prettier ? 1 : 0),
      failed: (eslint ? 1 : 0) + (prettier ? 1 : 0),
    });
  },

  async typecheck() {
    const code = await run(npx('nx'), ['run-many', '-t', 'typecheck', '--output-style=static']);
    record('typecheck (tsc strict, every package)', code, {
      passed: code ? 0 : 1,
      failed: code ? 1 : 0,
    });
  },

  async 'api-client'() {
    const code = await run('node', ['libs/api-client/scripts/generate.mjs', '--check']);
    record('api-client is up to date with the OpenAPI document', code, {
      passed: code ? 0 : 1,
      failed: code ? 1 : 0,
    });
    // Redocly's recommended rules (redocly.yaml); any error fails the stage.
    const lint = await run(npx('redocly'), ['lint', 'libs/api-client/openapi.json'], {
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    record('OpenAPI document lints clean (Redocly)', lint, {
      passed: lint ? 0 : 1,
      failed: lint ? 1 : 0,
    });
  },

  async backend() {
    const { postgres, redis } = await getServices();
    const out = join(reports, 'backend.json');
    const code = await run(npx('jest'), ['--json', `--outputFile=${out}`, ...extra], {
      cwd: join(root, 'backend'),
      env: {
        NODE_OPTIONS: '--experimental-vm-modules',
        TEST_DATABASE_URL: postgres.url,
        TEST_REDIS_URL: redis.url,
      },
    });
    record('backend unit + API e2e (PostgreSQL, Redis, SMTP)', code, jestCounts(out));
  },

  async smoke() {
    const out = join(reports, 'smoke.json');
    const code = await run(npx('jest'), ['--json', `--outputFile=${out}`], {
      cwd: join(root, 'backend'),
      env: { NODE_OPTIONS: '--experimental-vm-modules', JEST_SMOKE: '1' },
    });
    record('embedded PGlite smoke', code, jestCounts(out));
  },

  async frontend() {
    for (const pkg of FRONTEND) {
      const dir = join(root, pkg);
      if (!existsSync(join(dir, 'package.json'))) continue;
      const out = join(reports, `vitest-${pkg.replace(/\//g, '-')}.json`);
      const code = await run(
        npx('vitest'),
        [
          'run',
          '--passWithNoTests',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
        ],
        { cwd: dir },
      );
      record(`front end unit: ${pkg}`, code, jestCounts(out));
    }
  },

  async e2e() {
    const build = await run('npm', ['run', 'build']);
    if (build !== 0) return record('build for browser e2e', build);
    const { postgres, redis } = await getServices();
    const port = await freePort();
    const databaseUrl = await createDatabase(postgres.url, 'e2e_platform');
    const dataDir = join(root, 'tmp', 'e2e-data');
    rmSync(dataDir, { recursive: true, force: true });
    const admin = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-e2e-pass' };
    const server = spawn('node', ['backend/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...admin,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: 'e2e',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN: '10000',
        RATE_LIMIT_REGISTER: '10000',
        RATE_LIMIT_WRITES: '100000',
      },
    });
    cleanups.push(() => server.kill('SIGTERM'));
    const baseUrl = `http://127.0.0.1:${port}`;
    const up = await waitForHealth(baseUrl, 60000);
    if (!up) return record('browser e2e: platform did not start', 1);
    const out = join(reports, 'e2e.json');
    const code = await run(npx('playwright'), ['test', '--reporter=list,json', ...extra], {
      cwd: join(root, 'e2e'),
      env: {
        ...admin,
        BASE_URL: baseUrl,
        PLAYWRIGHT_JSON_OUTPUT_FILE: out,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      },
    });
    const stats = readJson(out)?.stats;
    record(
      'browser e2e (Chromium)',
      code,
      stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected },
    );
  },
};

async function waitForHealth(baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function main() {
  mkdirSync(reports, { recursive: true });
  const started = Date.now();
  try {
    for (const stage of ALL.filter((s) => selected.includes(s))) {
      await stageRunners[stage]();
    }
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        cleanup();
      } catch (error) {
        console.error(`cleanup failed: ${error.message}`);
      }
    }
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log('Summary');
  for (const r of results)
    console.log(
      `  ${r.code === 0 ? 'ok    ' : 'FAILED'} ${r.name}: ${r.passed} passed, ${r.failed} failed`,
    );
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.some((r) => r.code !== 0) || failed > 0 ? 1 : 0);
}

process.on('SIGINT', () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // best effort
    }
  }
  process.exit(130);
});

main();
