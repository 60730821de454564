#!/usr/bin/env node
// Proves docker-compose.yml's default deployment without a Docker engine: reads the file itself and
// starts what its services run, from the built tree: the API replicas (`deploy.replicas`) and the
// worker with the compose environment, behind nginx with deploy/nginx.conf, on a throwaway
// PostgreSQL, Redis and SMTP sink, with the `.env` that README.md's recipe writes (its lines run as
// they are). Only the services' addresses change: compose's host names become loopback ports.
// Then it checks what members and operators rely on: the page and a sign-in through the balancer,
// requests spread over the replicas, client addresses through one trusted hop, tokens kept out of
// the access log, the API's error shape for a body nginx refuses, email sent by the worker, and a
// replica stopped under load without a failed request, within compose's stop grace period.
// Usage: node scripts/compose-replay.mjs (after `npm run build`)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import {
  createDatabase,
  freePort,
  postJson,
  runCleanups,
  startNginx,
  startPostgres,
  startRedis,
  startSmtpSink,
  waitFor,
} from './services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?message}` (and `$$`), against `env`. */
export function interpolate(value, env) {
  return String(value).replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (match, name, op, arg) => {
    if (match === '$$') return '$';
    const set = env[name] !== undefined && (op?.startsWith(':') ? env[name] !== '' : true);
    if (op?.endsWith('?') && !set) throw new Error(`compose: ${name}: ${arg}`);
    if (op?.endsWith('-') && !set) return arg;
    return env[name] ?? '';
  });
}

/** KEY=VALUE lines of a .env file (comments and blank lines skipped, surrounding quotes dropped). */
export function parseDotenv(text) {
  const env = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_]\w*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

/** The shell lines of README's compose recipe that write `.env` (the `docker compose` ones are ours). */
export function envRecipe(readme) {
  const section = readme.slice(readme.indexOf('## Docker compose'));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const lines = block.split('\n').filter((line) => line.includes('.env'));
  if (lines.length === 0) throw new Error("README.md's Docker compose recipe writes no .env");
  return lines;
}

/** A service's environment as compose gives it: its env_file (.env), then `environment`. */
export function serviceEnv(service, dotenv) {
  const fromFile = service.env_file ? dotenv : {};
  const env = { ...fromFile };
  for (const [key, value] of Object.entries(service.environment ?? {})) {
    env[key] = interpolate(value ?? '', dotenv);
  }
  return env;
}

/** `35s`, `1m30s`, `500ms` in milliseconds (compose durations). */
export function durationMs(text) {
  let total = 0;
  for (const [, n, unit] of String(text).matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(n) * { ms: 1, s: 1000, m: 60000, h: 3600000 }[unit];
  }
  return total;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function check(ok, message) {
  if (!ok) throw new Error(message);
  console.log(`ok: ${message}`);
}

/** One process of a service (the image's CMD, run from the built tree), its stdout kept. */
function startProcess(name, env, cleanups) {
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  child.stdout.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  // Nest re-raises the signal once its shutdown hooks ran: `signal` SIGTERM is a graceful stop.
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(signal ?? code)));
  cleanups.push(() => child.kill('SIGKILL'));
  return { name, child, lines, exited };
}

/** The file the `web` service mounts as nginx's site (`./deploy/nginx.conf:/etc/nginx/conf.d/…`). */
export function siteConfOf(web) {
  const mount = (web.volumes ?? []).find((volume) => volume.includes(':/etc/nginx/conf.d/'));
  if (!mount) throw new Error("docker-compose.yml's web service mounts no nginx site");
  return mount.split(':')[0];
}

/** nginx with the site the `web` service mounts, the replicas at their ports. */
function startBalancer(dir, port, replicaPorts, siteConf) {
  const conf = readFileSync(join(root, siteConf), 'utf8');
  const accessLog = join(dir, 'access.log');
  // Docker's DNS and `resolve` (re-reading the scaled service) stand for these fixed addresses.
  const site = conf
    .replace(/^\s*resolver .*$/m, '')
    .replace(
      /server api:3000 resolve;/,
      replicaPorts.map((p) => `server 127.0.0.1:${p};`).join(' '),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/access_log \/dev\/stdout /, `access_log ${accessLog} `);
  if (!site.includes(`127.0.0.1:${replicaPorts[0]}`) || !site.includes(accessLog)) {
    throw new Error(`${siteConf} changed shape: update compose-replay.mjs`);
  }
  return { accessLog, stop: startNginx(dir, site).stop };
}

/** The status line and body of a request whose declared length is over nginx's limit. */
function oversizedPost(port, path, bytes) {
  return new Promise((resolvePost, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
          `Content-Length: ${bytes}\r\nConnection: close\r\n\r\n`,
      ),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolvePost(text));
    socket.on('error', reject);
    socket.setTimeout(10000, () => reject(new Error('no answer to the oversized request')));
  });
}

/** GETs from `loops` clients until `stop()`; counts answers that were not 2xx or never came. */
function steadyLoad(base, paths, loops) {
  let running = true;
  const failures = [];
  let done = 0;
  const clients = Array.from({ length: loops }, async (_, i) => {
    while (running) {
      const path = paths[(done + i) % paths.length];
      try {
        const response = await fetch(`${base}${path}`);
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${path}: ${response.status}`);
      } catch (error) {
        failures.push(`${path}: ${error.message}`);
      }
      done++;
    }
  });
  return {
    failures,
    count: () => done,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function main() {
  const cleanups = [];
  const work = mkdtempSync(join(tmpdir(), 'compose-replay-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  try {
    if (!existsSync(join(root, 'backend', 'dist', 'main.js'))) {
      throw new Error('backend/dist is missing: run `npm run build` first');
    }
    const compose = YAML.parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    });
    const { api, worker, web } = compose.services;
    if (!api || !worker || !web) throw new Error('docker-compose.yml lost its api, worker or web');

    // The operator's .env, written by README's own lines; mail goes to a sink they would configure.
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.stop());
    const recipe = envRecipe(readFileSync(join(root, 'README.md'), 'utf8'));
    execFileSync('bash', ['-euc', recipe.join('\n')], { cwd: work, stdio: 'inherit' });
    writeFileSync(
      join(work, '.env'),
      `${readFileSync(join(work, '.env'), 'utf8')}SMTP_URL=smtp://127.0.0.1:${smtp.port}?ignoreTLS=true\n`,
    );
    const dotenv = parseDotenv(readFileSync(join(work, '.env'), 'utf8'));
    console.log(`README's recipe wrote .env with ${Object.keys(dotenv).join(', ')}`);

    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const databaseUrl = await createDatabase(postgres.url, 'compose_replay');
    /** compose's service addresses, here. */
    const located = (env) => ({
      ...env,
      DATABASE_URL: env.DATABASE_URL && databaseUrl,
      REDIS_URL: env.REDIS_URL && redis.url,
    });
    // The uploads volume is shared by every app container (`uploads:/data`).
    const dataDir = join(work, 'data');
    const image = { PATH: process.env.PATH, HOME: work, NODE_ENV: 'production', DATA_DIR: dataDir };

    const replicas = api.deploy?.replicas ?? 1;
    check(replicas >= 2, `compose runs ${replicas} API replicas`);
    const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
    const apiEnv = located(serviceEnv(api, dotenv));
    const apis = ports.map((port, i) =>
      startProcess(
        `api-${i + 1}`,
        { ...image, ...apiEnv, PORT: String(port), HOST: '127.0.0.1' },
        cleanups,
      ),
    );
    const workerProcess = startProcess(
      'worker',
      { ...image, ...located(serviceEnv(worker, dotenv)) },
      cleanups,
    );
    for (const [i, proc] of apis.entries()) {
      const ready = `http://127.0.0.1:${ports[i]}/api/health/ready`;
      await Promise.race([
        waitFor(async () => (await fetch(ready)).ok, 90000, `${proc.name} to become ready`),
        proc.exited.then((code) => Promise.reject(new Error(`${proc.name} exited (${code})`))),
      ]);
    }
    await waitFor(
      async () => workerProcess.lines.some((l) => l.includes('worker started')),
      60000,
      'the worker to start',
    );
    check(true, `${replicas} API replicas ready and the worker started`);

    const webPort = await freePort();
    const balancer = startBalancer(work, webPort, ports, siteConfOf(web));
    cleanups.push(() => balancer.stop());
    const base = `http://127.0.0.1:${webPort}`;
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 15000, 'nginx');

    // A guest's page, and the admin of .env signing in, through the balancer.
    const page = await fetch(`${base}/`);
    check(page.ok && /<html/i.test(await page.text()), `GET / through nginx: ${page.status}`);
    const login = await postJson(`${base}/api/auth/login`, {
      email: dotenv.ADMIN_EMAIL,
      password: dotenv.ADMIN_PASSWORD,
    });
    const session = await login.json();
    check(
      login.status === 200 && session.user?.role === 'admin',
      `the admin from .env signs in through nginx (${login.status}, ${session.user?.role})`,
    );

    // Requests spread over every replica (each logs its requests as JSON lines).
    const marker = `/api/news?limit=1&spread=${Date.now()}`;
    for (let i = 0; i < 12; i++) await (await fetch(`${base}${marker}`)).arrayBuffer();
    const served = apis.map((proc) => proc.lines.filter((l) => l.includes(marker)).length);
    check(
      served.every((n) => n > 0),
      `requests spread over the replicas: ${served.join(' + ')}`,
    );

    // One trusted hop: nginx replaces X-Forwarded-For, so a client cannot pick its own address to
    // leave its rate-limit bucket; each attempt names another account (no per-account backoff).
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const attempt = await postJson(
        `${base}/api/auth/login`,
        { email: `nobody-${i}@example.org`, password: 'wrong-password' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(attempt.status);
    }
    check(
      statuses.includes(429),
      `forged X-Forwarded-For shares the client's login limit: ${statuses.join(' ')}`,
    );

    // A link from before tokens moved to the fragment: the access log keeps no token.
    const secret = `compose-secret-${Date.now()}`;
    await (await fetch(`${base}/reset-password?token=${secret}`)).arrayBuffer();
    await waitFor(
      async () => readFileSync(balancer.accessLog, 'utf8').includes('/reset-password?[redacted]'),
      5000,
      'the access log line',
    );
    check(
      !readFileSync(balancer.accessLog, 'utf8').includes(secret),
      'the access log redacts ?token=',
    );

    // A body over nginx's limit is refused before any replica reads it, in the API's error shape.
    const oversized = await oversizedPost(webPort, '/api/events', 400 * 1024 * 1024);
    const [head, body = ''] = oversized.split('\r\n\r\n');
    const refused = JSON.parse(body.trim() || '{}');
    check(
      /^HTTP\/1\.1 413/.test(head) &&
        /content-type: application\/json/i.test(head) &&
        refused.code === 'PAYLOAD_TOO_LARGE' &&
        typeof refused.msg === 'string',
      `a body over nginx's limit: 413 ${refused.code} "${refused.msg}"`,
    );

    // A member joins through nginx: a replica queues the welcome email, the worker sends it.
    const email = `compose-${Date.now()}@example.org`;
    const joined = await postJson(`${base}/api/auth/register`, {
      name: 'Compose Replay',
      email,
      password: 'a-member-passphrase-2026',
      country: 'Canada',
      profession: 'Engineer',
    });
    check(joined.status === 201, `a member registers through nginx: ${joined.status}`);
    await waitFor(async () => smtp.received.includes(email), 60000, 'the welcome email');
    check(true, 'the worker delivered the welcome email');

    // `docker compose stop` (or a rolling update) on one replica while members browse: nginx
    // passes its requests to the other, none fails, and it exits within compose's grace period.
    const grace = durationMs(api.stop_grace_period ?? '10s');
    const load = steadyLoad(base, ['/api/news?limit=1', '/api/events?limit=1', '/'], 4);
    await sleep(1000);
    const stopping = Date.now();
    apis[0].child.kill('SIGTERM');
    const code = await Promise.race([apis[0].exited, sleep(grace).then(() => 'still running')]);
    const tookMs = Date.now() - stopping;
    await sleep(1000);
    await load.stop();
    check(
      code === 0 || code === 'SIGTERM',
      `${apis[0].name} stopped (${code}) ${tookMs} ms after SIGTERM, grace ${grace} ms`,
    );
    check(
      load.failures.length === 0,
      `${load.count()} requests while a replica stopped, failed: ${load.failures.slice(0, 5).join(', ') || 'none'}`,
    );
    console.log('compose replay: ok');
  } finally {
    await runCleanups(cleanups);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`compose replay failed: ${error.message}`);
    process.exit(1);
  });
}
