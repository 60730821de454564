#!/usr/bin/env node
// Time from process start to the first 200 on /api/health of the embedded default (`npm start`:
// PGlite, in-process queue, demo content), on a fresh data directory and again on the same one,
// beside the bare NestJS-on-Fastify app's time to answer in the same run. Builds nothing.
// Usage: node bench/embedded-start.mjs [--runs 3] [--cpu-prof <dir>]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'backend/dist/main.js');

/** Milliseconds from spawning `script` to a 200 on `path`, then the process is stopped. */
export async function timeToHealthy(
  script,
  { env = {}, path = '/api/health', nodeArgs = [] } = {},
) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}${path}`)).status === 200) {
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`${script}: no 200 in 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The environment `npm start` gives the API (scripts/start.mjs), on `dataDir`. */
export function embeddedEnv(dataDir) {
  return {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-password-1',
    JWT_SECRET: 'bench-secret-that-is-certainly-long-enough-0123456789',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  };
}

async function run() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'cpu-prof': { type: 'string' } },
  });
  if (!existsSync(main)) throw new Error('backend/dist is missing: run `npm run build` first');
  const profile = values['cpu-prof'];
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : [];
  const rows = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    try {
      const bare = await timeToHealthy(join(root, 'bench/bare-app.mjs'), { path: '/bare' });
      const first = await timeToHealthy(main, { env: embeddedEnv(dataDir), nodeArgs });
      const again = await timeToHealthy(main, { env: embeddedEnv(dataDir), nodeArgs });
      rows.push({
        'bare Nest ms': Math.round(bare),
        'first start ms': Math.round(first),
        'x bare': (first / bare).toFixed(1),
        'next start ms': Math.round(again),
        'x bare ': (again / bare).toFixed(1),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    '\nEmbedded default (PGlite, demo content): process start to first 200 on /api/health',
  );
  console.table(rows);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
