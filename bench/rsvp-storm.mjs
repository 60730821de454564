#!/usr/bin/env node
// The RSVP storm (issue 38): many members answer Going at the same instant to one event of limited
// capacity, on the built API (NODE_ENV=production) against a throwaway PostgreSQL 15 + Redis, with
// every answer's email really sent by the worker to an SMTP sink. Checks that no seat is oversold
// (going = capacity, in the answers and in the database), that the waitlist is in the order the
// answers were served (and a freed seat goes to its head), and that nothing answered 5xx; reports
// throughput and p50/p99 against a reference measured in the same run: the same members answering
// Going at the same instant to an event each (the same write path, no shared row). Builds nothing:
// run `npm run build -w @diaspora/backend` first.
//
// Usage: node bench/rsvp-storm.mjs [--members 2000] [--capacity 500] [--config single|replicas|both]
//   --config  one API process (PROCESS_ROLE=all), or two API replicas behind nginx with a worker
//   --worker-nice  the worker's niceness (0-19) beside the replicas, as compose's cpu_shares would set it
// Env: BENCH_API_DIST (the backend build, default backend/dist)
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  createDatabase,
  freePort,
  runCleanups,
  startNginx,
  startPostgres,
  startRedis,
  startSmtpSink,
  waitForOk,
} from '../scripts/services.mjs';
import { benchApiEnv } from './seed-bulk.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(resolve(process.env.BENCH_API_DIST ?? join(root, 'backend/dist')), 'main.js');
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    capacity: { type: 'string', default: '500' },
    config: { type: 'string', default: 'both' },
    'worker-nice': { type: 'string', default: '0' },
  },
});
// The worker's CPU priority beside the replicas (compose's `cpu_shares`): emails after answers.
const workerNice = Number(args['worker-nice']);
const members = Number(args.members);
const capacity = Number(args.capacity);
if (!(members > capacity && capacity > 0)) throw new Error('--members must exceed --capacity > 0');
if (!['single', 'replicas', 'both'].includes(args.config))
  throw new Error('--config must be single, replicas or both');

const logDir = mkdtempSync(join(tmpdir(), 'rsvp-storm-'));
/**
 * POSTs JSON on a connection of its own (Node's default agent has no socket limit), as each
 * member's browser would; resolves with the status and the parsed answer.
 */
function postJson(url, headers, body) {
  return new Promise((resolvePost, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          let parsed = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // A proxy's HTML error page: the status says enough.
          }
          resolvePost({ status: res.statusCode, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function startNode(env, name, niceness = 0) {
  const log = openSync(join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  if (niceness) setPriority(child.pid, niceness);
  return () => child.kill('SIGTERM');
}

const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The API's bearer token for a member (HS256 with the bench's JWT_SECRET), as sign-in issues it. */
function tokenFor(userId, secret) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: userId, ver: 0, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Members and events written in SQL: approved, confirmed members; open, free events. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users = await client.query(
      `INSERT INTO users (name, email, password_hash, role, country, profession, approved_at, email_verified_at)
       SELECT 'Storm ' || i, 'storm' || i || '@bench.test', 'not-a-hash', 'member', 'Canada', 'Engineer', now(), now()
       FROM generate_series(1, $1::int) AS i RETURNING id`,
      [members],
    );
    const event = (title, max) =>
      `INSERT INTO events (title, description, starts_at, time, venue_name, country, city, max_attendees, organizer_name)
       VALUES ('${title}', 'A popular evening', now() + interval '30 days', '18:00', 'Hall', 'Canada', 'Toronto', ${max}, 'Bench')
       RETURNING id`;
    const storm = (await client.query(event('The storm', capacity))).rows[0].id;
    const spread = (
      await client.query(
        `INSERT INTO events (title, description, starts_at, time, venue_name, country, city, organizer_name)
         SELECT 'Reference ' || i, 'An evening of its own', now() + interval '30 days', '18:00', 'Hall', 'Canada', 'Toronto', 'Bench'
         FROM generate_series(1, $1::int) AS i RETURNING id`,
        [members],
      )
    ).rows.map((row) => row.id);
    const warmUp = (await client.query(event('Warm-up', 'NULL'))).rows[0].id;
    return { userIds: users.rows.map((row) => row.id), storm, spread, warmUp };
  } finally {
    await client.end();
  }
}

/** Every member's RSVP sent at the same instant; each one's status, answer and time taken. */
async function burst(apiUrl, tokens, eventOf, status = 'going') {
  const started = performance.now();
  const results = await Promise.all(
    tokens.map(async (token, i) => {
      const sent = performance.now();
      try {
        const res = await postJson(
          `${apiUrl}/api/events/${eventOf(i)}/rsvp`,
          { authorization: `Bearer ${token}` },
          { status },
        );
        return { code: res.status, status: res.body.status, ms: performance.now() - sent };
      } catch (error) {
        return { code: 0, error: String(error.cause ?? error), ms: performance.now() - sent };
      }
    }),
  );
  const wallMs = performance.now() - started;
  const percentile = (list, q) => {
    const sorted = list.map((r) => r.ms).sort((a, b) => a - b);
    return sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
      : NaN;
  };
  const answered = results.filter((r) => r.code === 200);
  const refused = results.filter((r) => r.code !== 200);
  return {
    results,
    // Answers that decided something (200) per second of the burst; refusals are not throughput.
    perSecond: (answered.length * 1000) / wallMs,
    answered: answered.length,
    p50: percentile(answered, 0.5),
    p99: percentile(answered, 0.99),
    refusedP99: percentile(refused, 0.99),
    fivexx: results.filter((r) => r.code >= 500 || r.code === 0).length,
    other: results.filter((r) => r.code !== 200 && r.code < 500 && r.code !== 0).length,
  };
}

/**
 * Waits until the worker has sent every email the answers wrote (none left queued), so that one
 * burst's emails are not sent during the next; answers how long that took (ms).
 */
async function drained(databaseUrl, timeoutMs = 300_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM mail_messages WHERE status = 'queued'",
      );
      if (rows[0].n === 0) return performance.now() - started;
      if (performance.now() - started > timeoutMs)
        throw new Error(`${rows[0].n} emails still queued after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

/** What the database holds for the storm's event: seats, waitlist and the order each was served. */
async function seats(databaseUrl, eventId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ going_count: goingCount, max_attendees: max }] = (
      await client.query('SELECT going_count, max_attendees FROM events WHERE id = $1', [eventId])
    ).rows;
    const rows = (
      await client.query(
        `SELECT user_id, status, status_changed_at FROM event_attendees WHERE event_id = $1
         ORDER BY status_changed_at, user_id`,
        [eventId],
      )
    ).rows;
    return { goingCount, max, rows };
  } finally {
    await client.end();
  }
}

/**
 * What is wrong with the seats: any oversold seat, an answer the database does not hold, a seat
 * left free while someone waits, or the waitlist out of the order served. Members refused (503
 * under overload, a reset connection) were told nothing and must hold nothing.
 */
function check(storm, db, userIds) {
  const problems = [];
  const answered = (status) =>
    new Set(storm.results.flatMap((r, i) => (r.status === status ? [userIds[i]] : [])));
  const going = db.rows.filter((r) => r.status === 'going');
  const waitlisted = db.rows.filter((r) => r.status === 'waitlisted');
  const goingAnswers = answered('going');
  const waitlistAnswers = answered('waitlisted');
  if (going.length > capacity || db.goingCount > capacity)
    problems.push(
      `OVERSOLD: ${going.length} going rows, going_count ${db.goingCount}, ${capacity} seats`,
    );
  if (db.goingCount !== going.length)
    problems.push(`going_count ${db.goingCount} ≠ ${going.length} going rows`);
  if (going.length !== goingAnswers.size || going.some((r) => !goingAnswers.has(r.user_id)))
    problems.push('the seats held are not those the answers gave');
  if (
    waitlisted.length !== waitlistAnswers.size ||
    waitlisted.some((r) => !waitlistAnswers.has(r.user_id))
  )
    problems.push('the waitlist is not the members told they were waitlisted');
  if (waitlisted.length && going.length < capacity)
    problems.push(`${capacity - going.length} seats free while ${waitlisted.length} wait`);
  // Served in order: every seat was given before the first waitlisting.
  if (going.length && waitlisted.length) {
    const lastSeat = Math.max(...going.map((r) => r.status_changed_at.getTime()));
    const firstWait = Math.min(...waitlisted.map((r) => r.status_changed_at.getTime()));
    if (lastSeat > firstWait) problems.push('a seat was given after the waitlist had begun');
  }
  return problems;
}

/** A burst's figures as soon as it ends: a worker too slow to send its emails must not lose them. */
function progress(label, name, run) {
  const codes = {};
  for (const r of run.results) codes[r.code || r.error] = (codes[r.code || r.error] ?? 0) + 1;
  console.log(
    `${label} ${name}: ${run.answered} answered, ${Math.round(run.perSecond)}/s, p50 ${Math.round(run.p50)} ms, p99 ${Math.round(run.p99)} ms, by status ${JSON.stringify(codes)}`,
  );
}

async function runConfig(label, replicas, services, cleanups) {
  const databaseUrl = await createDatabase(services.postgres.url, `storm_${label}_${Date.now()}`);
  const env = {
    ...benchApiEnv({ databaseUrl, redisUrl: services.redis.url, dataDir: logDir }),
    SMTP_URL: `smtp://127.0.0.1:${services.smtp.port}?ignoreTLS=true`,
    QUEUE_PREFIX: `storm-${label}`,
  };
  const ports = [];
  const stops = [];
  for (let i = 0; i < replicas; i++) {
    const port = await freePort();
    ports.push(port);
    stops.push(
      startNode(
        { ...env, PORT: String(port), PROCESS_ROLE: replicas > 1 ? 'api' : 'all' },
        `${label}-api-${i}`,
      ),
    );
    // The first replica migrates the database before the next starts (a start took over 60 s at load 20).
    if (!(await waitForOk(`http://127.0.0.1:${port}/api/health`, 180_000)))
      throw new Error(`API ${i} did not start (logs in ${logDir})`);
  }
  if (replicas > 1) {
    stops.push(startNode({ ...env, PROCESS_ROLE: 'worker' }, `${label}-worker`, workerNice));
  }
  cleanups.push(() => stops.forEach((stop) => stop()));
  let apiUrl = `http://127.0.0.1:${ports[0]}`;
  if (replicas > 1) {
    const dir = mkdtempSync(join(tmpdir(), 'rsvp-storm-nginx-'));
    const port = await freePort();
    const nginx = startNginx(
      dir,
      `upstream api { ${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_read_timeout 120s;
    }
  }`,
      // Each member's connection and one to a replica for each: 2,000 members need 4,000. With
      // fewer than a sixteenth of its connections free, nginx closes idle kept-alive ones (a
      // member's, between two answers), and the member's next request meets a reset: half again.
      { workerConnections: 3 * members },
    );
    cleanups.push(() => {
      nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    apiUrl = `http://127.0.0.1:${port}`;
    if (!(await waitForOk(`${apiUrl}/api/health`, 10000))) throw new Error('nginx did not answer');
  }
  const { userIds, storm, spread, warmUp } = await seed(databaseUrl);
  const tokens = userIds.map((id) => tokenFor(id, env.JWT_SECRET));
  // Warm up connections, JIT, the pool and each member's session cache (answers "maybe").
  await burst(apiUrl, tokens, () => warmUp, 'maybe');
  await drained(databaseUrl);
  const reference = await burst(apiUrl, tokens, (i) => spread[i]);
  progress(label, 'reference', reference);
  reference.drainMs = await drained(databaseUrl);
  const stormRun = await burst(apiUrl, tokens, () => storm);
  progress(label, 'storm', stormRun);
  stormRun.drainMs = await drained(databaseUrl);
  const db = await seats(databaseUrl, storm);
  const problems = check(stormRun, db, userIds);
  const codes = {};
  for (const r of [...reference.results, ...stormRun.results])
    codes[r.code || r.error] = (codes[r.code || r.error] ?? 0) + 1;
  if (problems.length || !db.rows.some((r) => r.status === 'waitlisted'))
    return { label, reference, storm: stormRun, problems, codes, db };
  // A freed seat goes to the head of the waitlist.
  const head = db.rows.find((r) => r.status === 'waitlisted').user_id;
  const leaver = db.rows.find((r) => r.status === 'going').user_id;
  const left = await burst(apiUrl, [tokens[userIds.indexOf(leaver)]], () => storm, 'not going');
  if (left.results[0].code !== 200) problems.push(`leaving answered ${left.results[0].code}`);
  const after = await seats(databaseUrl, storm);
  if (after.rows.find((r) => r.user_id === head)?.status !== 'going')
    problems.push("the freed seat did not go to the waitlist's head");
  if (after.goingCount !== capacity)
    problems.push(`after a leave, going_count ${after.goingCount}`);
  return { label, reference, storm: stormRun, problems, codes, db: after };
}

const fmt = (n) => Math.round(n).toLocaleString('en');

const cleanups = [];
try {
  const [postgres, redis, smtp] = await Promise.all([
    startPostgres(),
    startRedis(),
    startSmtpSink(),
  ]);
  cleanups.push(
    () => postgres.stop(),
    () => redis.stop(),
    () => smtp.stop(),
  );
  const services = { postgres, redis, smtp };
  const configs = args.config === 'both' ? ['single', 'replicas'] : [args.config];
  const runs = [];
  for (const config of configs)
    runs.push(await runConfig(config, config === 'single' ? 1 : 2, services, cleanups));
  console.log(
    `\n${members.toLocaleString('en')} members answer Going at once; the storm's event has ${capacity} seats`,
  );
  console.log(
    '| config | run | answered (200) | answered/s | p50 | p99 | answered/s vs reference | p99 vs reference | refused (5xx), their p99 | emails all sent after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { label, reference, storm } of runs) {
    for (const [name, run] of [
      ['reference: an event each', reference],
      ['storm: one event', storm],
    ]) {
      console.log(
        `| ${label} | ${name} | ${fmt(run.answered)} | ${fmt(run.perSecond)} | ${fmt(run.p50)} ms | ${fmt(run.p99)} ms | ${(run.perSecond / reference.perSecond).toFixed(2)} | ${(run.p99 / reference.p99).toFixed(2)} | ${run.fivexx + run.other} (${run.fivexx}), ${run.fivexx + run.other ? `${fmt(run.refusedP99)} ms` : '–'} | ${(run.drainMs / 1000).toFixed(1)} s |`,
      );
    }
  }
  let failed = false;
  for (const { label, problems, codes, db } of runs) {
    const held = (status) => db.rows.filter((r) => r.status === status).length;
    console.log(
      `\n${label}: answers by HTTP status (both runs): ${JSON.stringify(codes)}; the storm's event holds ${held('going')} going, ${held('waitlisted')} waitlisted`,
    );
    if (problems.length) {
      failed = true;
      console.log(`${label}: SEATS WRONG:\n- ${problems.join('\n- ')}`);
    } else {
      console.log(
        `${label}: exact: no seat oversold, every answer held as given, the waitlist in the order served, ${db.rows.some((r) => r.status === 'waitlisted') ? 'a freed seat to its head' : 'nobody waitlisted (the freed-seat check did not run)'}`,
      );
    }
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await runCleanups(cleanups);
}
