#!/usr/bin/env node
// Mixed load on `npm start`'s embedded default (PGlite, in-process queue, demo content): 8 reads to
// 2 writes (event and news lists, event details, comment threads; RSVPs and comments by the demo
// members), at rising concurrency, with load shedding as configured (ADR 0055) and without it.
// Reports per level: answers/s, p50/p99 of every answer, the shed (503) share and how fast a shed
// answer came, the p99 of served (2xx) answers, 4xx business answers, answers over 10 s; and the highest concurrency whose p99 stays ≤ 500 ms.
// Usage: node bench/mixed-load.mjs [--levels 10,25,50,100,200] [--seconds 10] [--no-compare]
// (run `npm run build` first; talks only to the server it starts on loopback)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../scripts/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'backend/dist/main.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const LEVELS = arg('levels', '10,25,50,100,200').split(',').map(Number);
const SECONDS = Number(arg('seconds', '10'));
const COMPARE = !process.argv.includes('--no-compare');
const MEMBERS = ['selam@example.com', 'dawit@example.com', 'hanna@example.com'];
const P99_GOAL_MS = 500;

async function json(base, path, init = {}) {
  const res = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function startServer(env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mixed-'));
  const server = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // As `npm start` runs (production would not give the demo members their published password).
      NODE_ENV: 'development',
      JWT_SECRET: 'bench-secret-that-is-certainly-long-enough-0123456789',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'bench-admin-password-2026',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_WRITES: '1000000',
      RATE_LIMIT_LOGIN: '1000',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitForHealth(base, 120_000))) throw new Error('the API did not start');
  // The demo content is filled in right after the start (members first, then each feature's):
  // wait for its news, which come after the events (signing in before would count as wrong
  // passwords).
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${base}/api/news?limit=1`).catch(() => undefined);
    if (res?.ok && (await res.json()).total > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise((done) => {
        server.once('exit', done);
        server.kill('SIGTERM');
      }).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

async function fixtures(base) {
  const tokens = [];
  for (const email of MEMBERS) {
    const body = await json(base, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'demo-member-2026' }),
    });
    tokens.push(body.token ?? body.accessToken);
  }
  const events = (await json(base, '/api/events?limit=50')).events.map((e) => e._id);
  const news = (await json(base, '/api/news?limit=50')).news.map((a) => a._id);
  return { tokens, events, news };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** One request of the mix: 8 reads to 2 writes. */
function nextRequest({ tokens, events, news }) {
  const roll = Math.random() * 10;
  const event = pick(events);
  if (roll < 2) return { path: '/api/events?limit=12' };
  if (roll < 4) return { path: `/api/events/${event}` };
  if (roll < 5.5)
    return { path: news.length ? '/api/news?limit=12' : '/api/events?limit=12&page=2' };
  if (roll < 8) return { path: `/api/comments/events/${event}` };
  const auth = { authorization: `Bearer ${pick(tokens)}` };
  if (roll < 9) {
    return {
      path: `/api/events/${event}/rsvp`,
      init: {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ status: pick(['going', 'maybe', 'not going']) }),
      },
    };
  }
  return {
    path: '/api/comments',
    init: {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        content: 'Looking forward to it!',
        contentType: 'events',
        contentId: event,
      }),
    },
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function level(base, data, connections) {
  const until = Date.now() + SECONDS * 1000;
  const all = [];
  const served = [];
  const shedTimes = [];
  let refused = 0;
  let failed = 0;
  let slow = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const { path, init = {} } = nextRequest(data);
      const started = performance.now();
      try {
        const res = await fetch(base + path, {
          ...init,
          headers: { 'content-type': 'application/json', ...init.headers },
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        const ms = performance.now() - started;
        all.push(ms);
        if (ms > 10_000) slow++;
        if (res.status === 503) {
          shedTimes.push(ms);
          // A client that honours Retry-After waits before its next request.
          await new Promise((r) =>
            setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000),
          );
        } else if (res.ok) served.push(ms);
        // A business answer (an RSVP to a paid event, a full one): answered, not an error.
        else if (res.status < 500) refused++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  all.sort((a, b) => a - b);
  served.sort((a, b) => a - b);
  shedTimes.sort((a, b) => a - b);
  return {
    connections,
    'answers/s': Math.round(all.length / SECONDS),
    'p50 ms': Math.round(percentile(all, 50)),
    'p99 ms': Math.round(percentile(all, 99)),
    'shed %': Number(((shedTimes.length / Math.max(1, all.length)) * 100).toFixed(1)),
    'shed p99 ms': Math.round(percentile(shedTimes, 99)) || '-',
    'served p99 ms': Math.round(percentile(served, 99)),
    '4xx': refused,
    'over 10 s': slow,
    '5xx/errors': failed,
  };
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const data = await fixtures(server.base);
    // Warm up JIT, caches and the database.
    await level(server.base, data, 10).catch(() => undefined);
    const rows = [];
    for (const connections of LEVELS) rows.push(await level(server.base, data, connections));
    console.log(`\n${label}: PGlite, demo content, 8 reads : 2 writes, ${SECONDS} s per level`);
    console.table(rows);
    const within = rows.filter((row) => row['p99 ms'] <= P99_GOAL_MS).map((row) => row.connections);
    console.log(
      `highest concurrency with p99 ≤ ${P99_GOAL_MS} ms: ${within.length ? Math.max(...within) : 'none'}`,
    );
    return rows;
  } finally {
    await server.stop();
  }
}

if (!existsSync(main)) throw new Error('backend/dist is missing: run `npm run build` first');
await measure('load shedding on (defaults)', {});
if (COMPARE) {
  await measure('load shedding off', {
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_DATABASE_QUEUE: '0',
  });
}
