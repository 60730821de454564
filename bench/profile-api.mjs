#!/usr/bin/env node
// Where a request's time goes: the built API (NODE_ENV=production) on a throwaway PostgreSQL +
// Redis seeded like bench/api.mjs's 10k scale, one route at a time under autocannon with the V8
// CPU profiler on for the measured window only; prints the heaviest functions and packages by
// self time and keeps the .cpuprofile files (open them in Chrome DevTools).
// Usage: node bench/profile-api.mjs [guest-events|member-events|guest-news|...]   (build first)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startPostgres, startRedis, waitForHealth } from '../scripts/services.mjs';
import { benchApiEnv, registerBenchMember, seedBulk } from './seed-bulk.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const out = mkdtempSync(join(tmpdir(), 'api-profile-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SCENARIOS = {
  'guest-events': { path: '/api/events?page=1&limit=12' },
  'guest-events-br': {
    path: '/api/events?page=1&limit=12',
    headers: { 'accept-encoding': 'br, gzip' },
  },
  'member-events': { path: '/api/events?page=1&limit=12', member: true },
  'member-events-br': {
    path: '/api/events?page=1&limit=12',
    member: true,
    headers: { 'accept-encoding': 'br, gzip' },
  },
  'guest-news': { path: '/api/news?page=1&limit=12' },
  'guest-news-deep': { path: '/api/news?page=150&limit=12' },
  'guest-events-deep': { path: '/api/events?page=400&limit=12' },
  'member-directory': { path: '/api/directory?page=1&limit=12', member: true },
  // A reload's view of the newest event (the viewer is counted on the first request only).
  'guest-view': { path: newestEventView, method: 'POST' },
  'member-view': { path: newestEventView, method: 'POST', member: true },
};

/** The statuses of the answers that were not 2xx, e.g. " (503 ×12)", so a refusal is not read as speed. */
function statusesBeyond2xx(result) {
  const others = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code]) => !code.startsWith('2'),
  );
  return others.length
    ? ` (${others.map(([code, { count }]) => `${code} ×${count}`).join(', ')})`
    : '';
}

async function newestEventView(base) {
  const first = await (await fetch(`${base}/api/events?page=1&limit=12`)).json();
  return `/api/events/${first.events[0]._id}/view`;
}
const chosen = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['guest-events', 'member-events'];

/** Self time per function and per package, heaviest first. */
function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const total = profile.samples.length;
  const byFn = new Map();
  const byPkg = new Map();
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + node.hitCount);
    const pkg = url.includes('node_modules/')
      ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : url.startsWith('node:') || !url
        ? url || functionName
        : url.includes('/backend/')
          ? 'backend (own code)'
          : url;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + node.hitCount);
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`samples ${total} (${(interval / 1000).toFixed(2)} ms each)`);
  console.log('by package:\n' + top(byPkg, 15));
  console.log('by function:\n' + top(byFn, 35));
}

const postgres = await startPostgres();
const redis = await startRedis();
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = '/bench';
  const env = {
    ...process.env,
    ...benchApiEnv({
      databaseUrl: url.toString(),
      redisUrl: redis.url,
      dataDir: mkdtempSync(join(tmpdir(), 'bench-data-')),
    }),
  };
  execFileSync(process.execPath, [join(root, 'backend/dist/db/migrate.cli.js')], {
    env,
    stdio: 'inherit',
  });
  await seedBulk(env.DATABASE_URL, '10k', () => undefined);
  let token;
  for (const name of chosen) {
    const scenario = SCENARIOS[name];
    const port = await freePort();
    const file = join(out, `${name}.cpuprofile`);
    const child = spawn(
      process.execPath,
      ['-r', join(root, 'bench/cpu-profile-preload.cjs'), join(root, 'backend/dist/main.js')],
      {
        cwd: root,
        env: { ...env, PORT: String(port), CPU_PROFILE_FILE: file },
        stdio: ['ignore', openSync(join(out, `${name}.log`), 'a'), 'inherit'],
      },
    );
    const base = `http://127.0.0.1:${port}`;
    if (!(await waitForHealth(base, 60_000))) throw new Error(`the API did not start (${name})`);
    if (scenario.member && !token) token = await registerBenchMember(base, env.DATABASE_URL);
    const headers = {
      ...scenario.headers,
      ...(scenario.member ? { authorization: `Bearer ${token}` } : {}),
    };
    const path = typeof scenario.path === 'function' ? await scenario.path(base) : scenario.path;
    const method = scenario.method ?? 'GET';
    await autocannon({ url: base + path, connections: 50, duration: 2, headers, method });
    child.kill('SIGWINCH');
    const result = await autocannon({
      url: base + path,
      method,
      connections: 50,
      duration: seconds,
      headers,
    });
    child.kill('SIGWINCH');
    await sleep(1500);
    child.kill('SIGTERM');
    console.log(
      `\n=== ${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}${statusesBeyond2xx(result)}, errors ${result.errors}, timeouts ${result.timeouts} (profile on) — ${file}`,
    );
    summarise(file);
    await sleep(500);
  }
} finally {
  postgres.stop();
  redis.stop();
}
