#!/usr/bin/env node
// The API against its framework's ceiling: the built API (NODE_ENV=production) on a throwaway
// PostgreSQL 15 + Redis, seeded in SQL in bulk, each route measured with autocannon and reported as
// a share of a bare NestJS-on-Fastify route measured in the same run, right before and after each
// row (the machine is shared: only ratios within one run compare). Builds nothing: run
// `npm run build` first.
//
// Usage: node bench/api.mjs [--rows 10k|1m] [--config single|replicas|both] [--explain]
//   --rows     seed scale (bench/seed-bulk.mjs): 10k events / 2k articles, or 1m events,
//              1m reactions, 100k members
//   --config   one API process, two behind nginx (deploy/nginx.conf), or both in turn (default)
//   --explain  measure nothing: print EXPLAIN ANALYZE of every statement the list routes run
//   --only     measure only the routes whose name contains this text (e.g. member), or one of
//              several texts separated by | (e.g. "(guest)|page=400"); the bare route is always
//              measured
// Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_CURSOR_PARAM (cursor), BENCH_API_DIST
//      (the backend build to measure, default backend/dist)
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import YAML from 'yaml';
import { localCachePaths, nginxSite } from '../scripts/nginx-check.mjs';
import {
  createDatabase,
  freePort,
  runCleanups,
  startNginx,
  startPostgres,
  startRedis,
  waitForOk,
} from '../scripts/services.mjs';
import { benchApiEnv, registerBenchMember, SCALES, seedBulk } from './seed-bulk.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_API_DIST: another build of backend/dist (e.g. a copy of the code before a change).
const dist = resolve(process.env.BENCH_API_DIST ?? join(root, 'backend/dist'));
const main = join(dist, 'main.js');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const cursorParam = process.env.BENCH_CURSOR_PARAM ?? 'cursor';
/** What a browser's fetch sends as Accept-Encoding over HTTP/1.1. */
const BROWSER_ENCODING = 'br, gzip';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10k' },
    config: { type: 'string', default: 'both' },
    explain: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (!SCALES[args.rows]) throw new Error('--rows must be 10k or 1m');
if (!['single', 'replicas', 'both'].includes(args.config)) {
  throw new Error('--config must be single, replicas or both');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A cold start of a build on the shared machine took over 60 s at load average 17.
async function waitFor(url, timeoutMs = 180_000) {
  if (!(await waitForOk(url, timeoutMs)))
    throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
}

const logDir = mkdtempSync(join(tmpdir(), 'bench-logs-'));

/**
 * Starts a node process logging to a file under logDir; the returned function stops it (only it)
 * and carries its `pid` (for its CPU time).
 */
function startNode(script, env) {
  const log = openSync(join(logDir, `${basename(script)}-${env.PORT}.log`), 'a');
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  return Object.assign(() => child.kill('SIGTERM'), { pid: child.pid });
}

/** CPU time (user + system, ms) the processes have used so far, from /proc (Linux only). */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The worker processes of the nginx whose pid file is in `dir` (for their CPU time). */
function nginxWorkers(dir) {
  const master = readFileSync(join(dir, 'nginx.pid'), 'utf8').trim();
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        // Workers only: the cache loader exits a minute after the start (its pid then vanished
        // mid-measure), and the cache manager serves no request.
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return parent === master && command.includes('worker process');
      } catch {
        return false; // gone meanwhile
      }
    });
}

/**
 * nginx in front of `ports`, configured as the compose deployment's `web` service is (its mounted
 * site with platform-proxy.conf inlined, read as scripts/nginx-check.mjs reads it), and serving
 * `staticBody` as a file at /bench-static.json: the reference for its microcached guest answers.
 * `cache: false` turns the microcache off (the bare route's balancer: a ceiling, not a cache hit).
 */
async function startBalancer(ports, { staticBody, cache = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const servers = ports.map((p) => `server 127.0.0.1:${p};`).join(' ');
  const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  const web = YAML.parse(composeText, { merge: true }).services.web;
  const local = (source) => {
    const path = join(dir, 'mounts', source.replace(/^[./~]+/, ''));
    mkdirSync(path, { recursive: true });
    return path;
  };
  let site = nginxSite(web, { read: (source) => readFileSync(join(root, source), 'utf8'), local })
    .replace(/^\s*resolver .*$/m, '')
    // A log line per request is no part of what is measured.
    .replace(/access_log \/dev\/stdout [^;]*;/g, 'access_log off;')
    // The reference is a file as a stock nginx serves it (the image's nginx.conf keeps no files
    // open), whatever the site sets for its cache's files (BENCH_STATIC_OPEN_FILE_CACHE=1: kept
    // open like them).
    .replace(
      /listen 80;/,
      `listen 127.0.0.1:${port};\n  location = /bench-static.json { alias ${join(dir, 'static.json')}; default_type application/json; ${process.env.BENCH_STATIC_OPEN_FILE_CACHE === '1' ? '' : 'open_file_cache off; '}}`,
    );
  if (!site.includes('server api:3000 resolve;'))
    throw new Error('deploy/nginx.conf changed shape');
  site = localCachePaths(site.replace('server api:3000 resolve;', servers), dir);
  if (!cache) site = site.replace(/^(\s*)proxy_cache guest_answers;/m, '$1proxy_cache off;');
  // As the nginx image's own nginx.conf has it (its http block includes the site).
  site = `sendfile on;\nkeepalive_timeout 65;\n${site}`;
  writeFileSync(join(dir, 'static.json'), staticBody ?? '{}');
  const nginx = startNginx(dir, site, { mimeTypes: true });
  return {
    port,
    workers: () => nginxWorkers(dir),
    stop: () => {
      nginx.stop();
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500).unref();
    },
  };
}

/**
 * One row: autocannon's figures and the server CPU time per request (`pids`: the processes
 * answering), which depends far less on the neighbours' load than req/s does.
 */
async function measure(url, headers, pids = [], method = 'GET') {
  const cpuBefore = existsSync('/proc/self/stat') ? cpuMs(pids) : NaN;
  const result = await autocannon({ url, connections, duration: seconds, headers, method });
  const cpuAfter = existsSync('/proc/self/stat') ? cpuMs(pids) : NaN;
  return {
    reqs: result.requests.average,
    // Bytes per answer as sent (compressed when asked for), headers included.
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuUs: pids.length ? ((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total) : NaN,
  };
}

/**
 * The rows of the table. A list answer that carries `nextCursor` (keyset pagination) also gets a
 * row for the cursor as deep as page 400, reached by walking the cursors from page 1.
 */
async function scenarios(baseUrl, token, unconfirmedToken) {
  const member = { authorization: `Bearer ${token}` };
  const unconfirmed = { authorization: `Bearer ${unconfirmedToken}` };
  const first = await (await fetch(`${baseUrl}/api/events?page=1&limit=12`)).json();
  const newest = first.events?.[0]?._id;
  if (!newest) throw new Error('the events list answered no events');
  const rows = [
    ['GET /api/events?page=1&limit=12 (guest)', '/api/events?page=1&limit=12'],
    ['GET /api/news?page=1&limit=12 (guest)', '/api/news?page=1&limit=12'],
    ['GET /api/events?search=coffee&limit=12', '/api/events?search=coffee&limit=12'],
    ['GET /api/events?page=400&limit=12', '/api/events?page=400&limit=12'],
  ];
  if (first.nextCursor) {
    let cursor = first.nextCursor;
    for (let page = 2; page < 400 && cursor; page++) {
      const url = `${baseUrl}/api/events?limit=12&${cursorParam}=${encodeURIComponent(cursor)}`;
      cursor = (await (await fetch(url)).json()).nextCursor;
    }
    if (cursor) {
      rows.push([
        'GET /api/events?cursor=<page 400>&limit=12',
        `/api/events?limit=12&${cursorParam}=${encodeURIComponent(cursor)}`,
      ]);
    }
  }
  rows.push(
    ['GET /api/events/:id (guest, newest)', `/api/events/${newest}`],
    ['GET /api/tutorials/courses (guest)', '/api/tutorials/courses'],
  );
  // Browsers ask for compression (autocannon does not): each guest row again as a browser sends it.
  for (const [name, path] of [...rows]) {
    rows.push([`${name}, ${BROWSER_ENCODING}`, path, { 'accept-encoding': BROWSER_ENCODING }]);
  }
  rows.push(
    [
      'GET /api/events?page=1&limit=12 (member: RSVPs, reactions)',
      '/api/events?page=1&limit=12',
      member,
    ],
    [
      'GET /api/events?page=1&limit=12 (member, address unconfirmed)',
      '/api/events?page=1&limit=12',
      unconfirmed,
    ],
    [
      `GET /api/events?page=1&limit=12 (member), ${BROWSER_ENCODING}`,
      '/api/events?page=1&limit=12',
      { ...member, 'accept-encoding': BROWSER_ENCODING },
    ],
    ['GET /api/news?page=1&limit=12 (member: reactions)', '/api/news?page=1&limit=12', member],
    [
      'GET /api/directory?page=1&limit=12 (member directory)',
      '/api/directory?page=1&limit=12',
      member,
    ],
    // A reload's view: counted once per viewer in 30 minutes, so these measure the check that
    // finds the viewer's mark (under the item's lock, ContentRegistry.engage), not a new count.
    [
      'POST /api/events/:id/view (guest, already counted)',
      `/api/events/${newest}/view`,
      {},
      'POST',
    ],
    [
      'POST /api/events/:id/view (member, already counted)',
      `/api/events/${newest}/view`,
      member,
      'POST',
    ],
  );
  return rows;
}

function report(title, rows) {
  console.log(`\n${title}`);
  console.log(
    '| route | req/s | p50 | p99 | of the bare route | bytes per answer | failures | server CPU per request | CPU share |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    // What the row's share would be if the server's CPU were the only limit.
    const cpuShare = (100 * rows[0].cpuUs) / row.cpuUs;
    console.log(
      `| ${row.name} | ${Math.round(row.reqs).toLocaleString('en')} | ${row.p50} ms | ${row.p99} ms | ${((100 * row.reqs) / (row.ceiling ?? rows[0].reqs)).toFixed(1)}% | ${Math.round(row.bytes).toLocaleString('en')} | ${row.failures} | ${Math.round(row.cpuUs)} µs | ${cpuShare.toFixed(1)}% |`,
    );
  }
}

async function runConfig(label, ports, env, databaseUrl, cleanups) {
  const stops = ports.map((port) => startNode(main, { ...env, PORT: String(port) }));
  const bareStops = ports.map((port) =>
    startNode(join(root, 'bench/bare-app.mjs'), { PORT: String(port + 1) }),
  );
  const local = [...stops, ...bareStops];
  cleanups.push(() => local.forEach((stop) => stop()));
  try {
    for (const port of ports) {
      await waitFor(`http://127.0.0.1:${port}/api/health`);
      await waitFor(`http://127.0.0.1:${port + 1}/bare`);
    }
    let apiUrl = `http://127.0.0.1:${ports[0]}`;
    let balancer;
    let bareUrl = `http://127.0.0.1:${ports[0] + 1}/bare`;
    if (ports.length > 1) {
      // The guests' list as a replica answers it: nginx's static twin of its cached answer.
      const listed = await fetch(`http://127.0.0.1:${ports[0]}/api/events?page=1&limit=12`);
      balancer = await startBalancer(ports, { staticBody: await listed.text() });
      const bare = await startBalancer(
        ports.map((p) => p + 1),
        { cache: false },
      );
      local.push(balancer.stop, bare.stop);
      apiUrl = `http://127.0.0.1:${balancer.port}`;
      bareUrl = `http://127.0.0.1:${bare.port}/bare`;
      await waitFor(`${apiUrl}/api/health`);
      await waitFor(bareUrl);
    }
    const token = await registerBenchMember(apiUrl, databaseUrl);
    const unconfirmed = await registerBenchMember(apiUrl, databaseUrl, { confirmed: false });
    const only = args.only?.toLowerCase().split('|');
    const plan = (await scenarios(apiUrl, token, unconfirmed)).filter(
      ([name]) => !only || only.some((text) => name.toLowerCase().includes(text)),
    );
    if (!plan.length) throw new Error(`no route's name contains ${args.only}`);
    // Warm up connections, JIT and the database cache before measuring.
    await autocannon({ url: bareUrl, connections, duration: 2 });
    await autocannon({
      url: `${apiUrl}${plan[0][1]}`,
      connections,
      duration: 3,
      headers: plan[0][2],
    });
    const apiPids = stops.map((stop) => stop.pid);
    const barePids = bareStops.map((stop) => stop.pid);
    // The neighbours' load moves from one row to the next: the bare route is measured again
    // after every row, and each row is a share of the bare figures just before and after it.
    const bares = [await measure(bareUrl, undefined, barePids)];
    const rows = [];
    for (const [name, path, headers, method] of plan) {
      const row = { name, ...(await measure(`${apiUrl}${path}`, headers, apiPids, method)) };
      bares.push(await measure(bareUrl, undefined, barePids));
      rows.push({ ...row, ceiling: (bares.at(-2).reqs + bares.at(-1).reqs) / 2 });
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    if (ports.length > 1) {
      // Behind nginx a guest's list is a microcache hit: measured against nginx serving the same
      // bytes as a file, alternated three times (the median share is the figure).
      // nginx's own CPU per request says more than req/s on a shared machine.
      const staticUrl = `${apiUrl}/bench-static.json`;
      const workers = balancer.workers();
      const statics = [await measure(staticUrl, undefined, workers)];
      const hits = [];
      for (let round = 0; round < 3; round++) {
        const hit = await measure(`${apiUrl}/api/events?page=1&limit=12`, undefined, workers);
        statics.push(await measure(staticUrl, undefined, workers));
        hits.push({ ...hit, ceiling: (statics.at(-2).reqs + statics.at(-1).reqs) / 2 });
        const cpu = (100 * (statics.at(-2).cpuUs + statics.at(-1).cpuUs)) / 2 / hit.cpuUs;
        console.log(
          `microcache hit ${round + 1}: ${((100 * hit.reqs) / hits.at(-1).ceiling).toFixed(1)}% of the static file's req/s; nginx CPU per request ${hit.cpuUs.toFixed(1)} µs against ${statics.at(-2).cpuUs.toFixed(1)}-${statics.at(-1).cpuUs.toFixed(1)} µs (${cpu.toFixed(1)}%)`,
        );
      }
      const median = [...hits].sort((x, y) => x.reqs / x.ceiling - y.reqs / y.ceiling)[1];
      rows.push(
        {
          name: "nginx: a static file of the guest list's size (mean of 4)",
          ...statics[0],
          reqs: mean(statics.map((one) => one.reqs)),
          ceiling: mean(statics.map((one) => one.reqs)),
        },
        {
          name: 'GET /api/events?page=1&limit=12 (guest), a microcache hit: share of the static file (median of 3)',
          ...median,
        },
      );
    }
    const bareReqs = bares.map((bare) => bare.reqs);
    rows.unshift({
      name: `bare NestJS-on-Fastify route, constant JSON (mean of ${bares.length}: ${Math.round(Math.min(...bareReqs)).toLocaleString('en')}-${Math.round(Math.max(...bareReqs)).toLocaleString('en')})`,
      reqs: mean(bareReqs),
      p50: Math.round(mean(bares.map((bare) => bare.p50))),
      p99: Math.round(mean(bares.map((bare) => bare.p99))),
      bytes: bares[0].bytes,
      cpuUs: mean(bares.map((bare) => bare.cpuUs)),
      failures: bares.reduce((sum, bare) => sum + bare.failures, 0),
    });
    report(label, rows);
    console.log(`(server logs: ${logDir})`);
    return rows;
  } finally {
    local.forEach((stop) => stop());
    await sleep(500);
  }
}

/** Runs every list route once with auto_explain on, then prints the plans the server logged. */
async function explain(env, databaseUrl, dataDirOf) {
  const port = await freePort();
  const stop = startNode(main, { ...env, PORT: String(port) });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/api/health`);
    const token = await registerBenchMember(baseUrl, databaseUrl);
    const unconfirmed = await registerBenchMember(baseUrl, databaseUrl, { confirmed: false });
    const plan = await scenarios(baseUrl, token, unconfirmed);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const log = `${await dataDirOf(client)}/server.log`;
    const before = (await client.query('SELECT pg_read_file($1) AS t', [log])).rows[0].t.length;
    // Twice each: the first request also runs what the API caches for a while (list totals).
    for (const [name, path, headers, method] of plan) {
      for (const pass of ['first', 'second']) {
        const mark = (await client.query('SELECT pg_read_file($1) AS t', [log])).rows[0].t.length;
        const started = Date.now();
        const response = await fetch(`${baseUrl}${path}`, { headers, method });
        const took = Date.now() - started;
        await sleep(300);
        const text = (await client.query('SELECT pg_read_file($1) AS t', [log])).rows[0].t;
        console.log(`\n===== ${name} (${pass}): ${response.status} in ${took} ms =====`);
        console.log(
          text
            .slice(Math.max(mark, before))
            .replace(/^.*LOG: {2}/gm, '')
            .split(/\n(?=duration:)/)
            .filter((plan) => !plan.includes('pg_read_file'))
            .join('\n'),
        );
      }
    }
    await client.end();
  } finally {
    stop();
  }
}

async function run() {
  if (!existsSync(main)) throw new Error('backend/dist is missing: run `npm run build` first');
  const cleanups = [];
  // Interrupted (Ctrl-C): still stop the servers this run started.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          cleanup();
        } catch {
          // best effort
        }
      }
      process.exit(130);
    });
  }
  try {
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const databaseUrl = await createDatabase(postgres.url, 'bench');
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = benchApiEnv({ databaseUrl, redisUrl: redis.url, dataDir });
    execFileSync(process.execPath, [join(dist, 'db/migrate.cli.js')], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    const started = Date.now();
    console.log(`seeding ${args.rows}:`);
    const counts = await seedBulk(databaseUrl, args.rows);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s:`, counts);

    if (args.explain) {
      const setup = new pg.Client({ connectionString: databaseUrl });
      await setup.connect();
      for (const statement of [
        "ALTER DATABASE bench SET session_preload_libraries = 'auto_explain'",
        'ALTER DATABASE bench SET auto_explain.log_min_duration = 0',
        'ALTER DATABASE bench SET auto_explain.log_analyze = on',
        'ALTER DATABASE bench SET auto_explain.log_buffers = on',
      ]) {
        await setup.query(statement);
      }
      await setup.end();
      await explain(env, databaseUrl, async (client) => {
        const { rows } = await client.query("SELECT current_setting('data_directory') AS d");
        return rows[0].d;
      });
      return;
    }

    const title = (what) =>
      `${what}, ${args.rows} rows (${counts.events} events, ${counts.news} articles, ${counts.members} members, ${counts.reactions} reactions), PostgreSQL 15 + Redis, ${connections} connections, ${seconds} s each`;
    if (args.config !== 'replicas') {
      const port = await freePort();
      await runConfig(title('One API process'), [port], env, databaseUrl, cleanups);
    }
    if (args.config !== 'single') {
      // Each API port p has its bare twin on p + 1; space them so none collide.
      const first = await freePort();
      await runConfig(
        title('Two API replicas behind nginx'),
        [first, first + 10],
        env,
        databaseUrl,
        cleanups,
      );
    }
  } finally {
    await runCleanups(cleanups);
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
