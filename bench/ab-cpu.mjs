#!/usr/bin/env node
// Two builds of the API side by side on one database, the same routes measured on each in turn:
// the server CPU time per request (user + system, from /proc), which the neighbours' load moves
// far less than req/s. For before/after comparisons on a shared machine. Linux only.
//
// Usage: node bench/ab-cpu.mjs <backend dist before> <backend dist after>
// Env: BENCH_SECONDS (4 per route and build), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import {
  createDatabase,
  freePort,
  startPostgres,
  startRedis,
  waitForOk,
} from '../scripts/services.mjs';
import { benchApiEnv, registerBenchMember, seedBulk } from './seed-bulk.mjs';

const dists = process.argv.slice(2).map((dist) => resolve(dist));
if (dists.length !== 2) throw new Error('usage: node bench/ab-cpu.mjs <dist before> <dist after>');
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** CPU time (ms) the process has used so far. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, USER_HZ 100
}

const postgres = await startPostgres();
const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-ab-'));
const servers = [];
try {
  const databaseUrl = await createDatabase(postgres.url, 'bench');
  const env = { ...process.env, ...benchApiEnv({ databaseUrl, redisUrl: redis.url, dataDir }) };
  execFileSync(process.execPath, [join(dists[1], 'db/migrate.cli.js')], { env, stdio: 'inherit' });
  await seedBulk(databaseUrl, '10k', () => undefined);
  for (const [i, dist] of dists.entries()) {
    const port = await freePort();
    const log = openSync(join(dataDir, `api-${i}.log`), 'a');
    const child = spawn(process.execPath, [join(dist, 'main.js')], {
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', log, log],
    });
    servers.push({ name: i ? 'after' : 'before', port, child });
    if (!(await waitForOk(`http://127.0.0.1:${port}/api/health`, 60_000))) {
      throw new Error(`${dist} did not start`);
    }
  }
  // A registration through each build, so both have run a transaction, as any write does in
  // production (on Node 22, AsyncLocalStorage's promise hooks stay on after the first).
  await registerBenchMember(`http://127.0.0.1:${servers[0].port}`, databaseUrl);
  const token = await registerBenchMember(`http://127.0.0.1:${servers[1].port}`, databaseUrl);
  const member = { authorization: `Bearer ${token}` };
  const routes = [
    ['events page 1 (guest)', '/api/events?page=1&limit=12', {}],
    ['events page 1 (member)', '/api/events?page=1&limit=12', member],
    ['directory page 1 (member)', '/api/directory?page=1&limit=12', member],
  ];
  console.log('| round | route | build | req/s | p99 | server CPU per request |');
  console.log('|---|---|---|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    for (const [name, path, headers] of routes) {
      for (const server of servers) {
        const url = `http://127.0.0.1:${server.port}${path}`;
        await autocannon({ url, connections, duration: 1, headers });
        const before = cpuMs(server.child.pid);
        const result = await autocannon({ url, connections, duration: seconds, headers });
        const used = cpuMs(server.child.pid) - before;
        const perRequest = Math.round((used * 1000) / Math.max(1, result.requests.total));
        const failures = result.errors + result.timeouts + result.non2xx;
        console.log(
          `| ${round} | ${name} | ${server.name} | ${Math.round(result.requests.average)} | ${result.latency.p99} ms | ${perRequest} µs${failures ? ` (${failures} failed)` : ''} |`,
        );
      }
    }
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  postgres.stop();
  redis.stop();
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
}
