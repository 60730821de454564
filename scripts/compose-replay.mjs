#!/usr/bin/env node
// Proves docker-compose.yml's default deployment without a Docker engine: reads the file itself and
// starts what its services run, from the built tree: the API replicas (`deploy.replicas`) and the
// worker with the compose environment, behind nginx with deploy/nginx.conf, on a throwaway
// PostgreSQL, Redis and SMTP sink, with the `.env` that docs/operations.md's recipe writes (its lines run as
// they are). Only the services' addresses change: compose's host names become loopback ports.
// Then it checks what members and operators rely on: the page and a sign-in through the balancer,
// requests spread over the replicas, client addresses through one trusted hop, tokens kept out of
// the access log, the API's error shape for a body nginx refuses, email sent by the worker, and a
// replica stopped under load without a failed request, within compose's stop grace period. Before
// those, the requests a guest could use to take replicas out of rotation (replay/hostile-requests.mjs)
// and nginx's microcache of guests' reads (replay/guest-cache.mjs).
// Last,
// docs/operations.md's backup and restore recipe (replay/backup-recipe.mjs) and its HTTPS recipe
// (replay/https-recipe.mjs), each a step on this deployment. This file is the entry: the compose
// part and the list of steps.
// Usage: node scripts/compose-replay.mjs (after `npm run build`)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { forNginxVersion, localCachePaths, nginxSite, nginxVersion } from './nginx-check.mjs';
import { backupStep } from './replay/backup-recipe.mjs';
import { guestCacheStep } from './replay/guest-cache.mjs';
import { hostileRequestsStep } from './replay/hostile-requests.mjs';
import { httpsStep } from './replay/https-recipe.mjs';
import { bashBlocks, check, root, tooLarge } from './replay/steps.mjs';
import {
  createDatabase,
  findNginx,
  freePort,
  postJson,
  runCleanups,
  startNginx,
  startPostgres,
  startRedis,
  startSmtpSink,
  waitFor,
} from './services.mjs';

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

/** The shell lines of docs/operations.md's compose recipe that write `.env` (the `docker compose` ones are ours). */
export function envRecipe(guide) {
  const [block = ''] = bashBlocks(guide, '## Docker compose');
  const lines = block.split('\n').filter((line) => line.includes('.env'));
  if (lines.length === 0) throw new Error("docs/operations.md's compose recipe writes no .env");
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

/** The password of the member who joins (the backup step signs in with it). */
const MEMBER_PASSWORD = 'a-member-passphrase-2026';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

/** The container ports a service publishes (`3000:80`, `127.0.0.1:80:80`, `443:443/tcp`, `80`). */
export function publishedPorts(service) {
  const target = (port) => {
    if (typeof port === 'object') return Number(port.target);
    const [published] = String(port).split('/');
    return Number(published.split(':').at(-1));
  };
  return [...new Set((service.ports ?? []).map(target))];
}

/**
 * The site (nginxSite) as nginx runs it here: Docker's DNS and `resolve` (re-reading the scaled
 * service) give way to the replicas' fixed ports, each `listen <port>` of a published container
 * port listens on that port's loopback port (`listen`), and the access log is a file.
 */
export function localSite(site, { listen, replicaPorts, accessLog }) {
  const unpublished = [];
  const local = site
    .replace(/^\s*resolver .*$/m, '')
    .replace(
      /server api:3000 resolve;/,
      replicaPorts.map((p) => `server 127.0.0.1:${p};`).join(' '),
    )
    .replace(/^(\s*listen\s+)(\d+)\b/gm, (directive, head, port) => {
      if (!listen[port]) unpublished.push(port);
      return `${head}127.0.0.1:${listen[port]}`;
    })
    .replace(/access_log \/dev\/stdout /g, `access_log ${accessLog} `);
  if (unpublished.length) {
    throw new Error(`nginx listens on ${unpublished}, which web does not publish`);
  }
  if (!local.includes(`127.0.0.1:${replicaPorts[0]}`) || !local.includes(accessLog)) {
    throw new Error('the nginx site changed shape: update compose-replay.mjs');
  }
  return local;
}

/** nginx with the site the `web` service mounts (nginxSite), the replicas at their ports. */
async function startBalancer(dir, { web, project, replicaPorts }) {
  mkdirSync(dir, { recursive: true });
  const accessLog = join(dir, 'access.log');
  const listen = {};
  for (const port of publishedPorts(web)) listen[port] = await freePort();
  const site = nginxSite(web, {
    read: (source) => readFileSync(resolve(project, source), 'utf8'),
    local: (source) => resolve(project, source),
  });
  const local = localCachePaths(localSite(site, { listen, replicaPorts, accessLog }), dir);
  const nginx = startNginx(dir, forNginxVersion(local, nginxVersion(findNginx())));
  return { ...nginx, accessLog, listen };
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

/**
 * docker-compose.yml's deployment, started here: the `.env` docs/operations.md's recipe writes, the throwaway
 * servers, the API replicas and the worker, nginx in front. What the steps run against (`context`).
 */
async function deploy(work, cleanups) {
  if (!existsSync(join(root, 'backend', 'dist', 'main.js'))) {
    throw new Error('backend/dist is missing: run `npm run build` first');
  }
  const compose = YAML.parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), {
    merge: true,
  });
  const { api, worker, web } = compose.services;
  if (!api || !worker || !web) throw new Error('docker-compose.yml lost its api, worker or web');

  // The operator's .env, written by docs/operations.md's own lines; mail goes to a sink they would configure.
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.stop());
  const guide = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
  const recipe = envRecipe(guide);
  execFileSync('bash', ['-euc', recipe.join('\n')], { cwd: work, stdio: 'inherit' });
  writeFileSync(
    join(work, '.env'),
    `${readFileSync(join(work, '.env'), 'utf8')}SMTP_URL=smtp://127.0.0.1:${smtp.port}?ignoreTLS=true\n`,
  );
  const readDotenv = () => parseDotenv(readFileSync(join(work, '.env'), 'utf8'));
  const dotenv = readDotenv();
  console.log(`docs/operations.md's recipe wrote .env with ${Object.keys(dotenv).join(', ')}`);

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
  let apiEnv = located(serviceEnv(api, dotenv));
  let workerEnv = located(serviceEnv(worker, dotenv));
  /** The running processes of each service (`docker compose up`, `start`). */
  const running = { api: [], worker: [] };
  const start = async (services) => {
    for (const service of services) {
      if (!running[service]) throw new Error(`the replay cannot start ${service}`);
      running[service] =
        service === 'api'
          ? ports.map((port, i) =>
              startProcess(
                `api-${i + 1}`,
                { ...image, ...apiEnv, PORT: String(port), HOST: '127.0.0.1' },
                cleanups,
              ),
            )
          : [startProcess('worker', { ...image, ...workerEnv }, cleanups)];
    }
    for (const [i, proc] of services.includes('api') ? running.api.entries() : []) {
      const ready = `http://127.0.0.1:${ports[i]}/api/health/ready`;
      await Promise.race([
        waitFor(async () => (await fetch(ready)).ok, 90000, `${proc.name} to become ready`),
        proc.exited.then((code) => Promise.reject(new Error(`${proc.name} exited (${code})`))),
      ]);
    }
    if (services.includes('worker')) {
      await waitFor(
        async () => running.worker[0].lines.some((l) => l.includes('worker started')),
        60000,
        'the worker to start',
      );
    }
  };
  /** `docker compose stop`: SIGTERM, SIGKILL after the service's stop grace period. */
  const stop = async (services) => {
    for (const service of services) {
      if (!running[service]) throw new Error(`the replay cannot stop ${service}`);
      const grace = durationMs(compose.services[service].stop_grace_period ?? '10s');
      await Promise.all(
        running[service].map(async (proc) => {
          proc.child.kill('SIGTERM');
          const code = await Promise.race([proc.exited, sleep(grace).then(() => 'late')]);
          if (code === 'late') proc.child.kill('SIGKILL');
        }),
      );
      running[service] = [];
    }
  };
  await start(['api', 'worker']);
  check(true, `${replicas} API replicas ready and the worker started`);

  const balancer = await startBalancer(join(work, 'web'), {
    web,
    project: root,
    replicaPorts: ports,
  });
  cleanups.push(() => balancer.stop());
  const base = `http://127.0.0.1:${balancer.listen[80]}`;
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 15000, 'nginx');

  /**
   * `docker compose up` with the compose `files` merged (`merged`) and .env's `env`: the app
   * recreated if its environment changed, nginx (in `nginxDir`) with the web service of `project`
   * instead of the first one. The new nginx, and the container ports web publishes.
   */
  const up = async ({ files, merged, env, project, nginxDir }) => {
    const next = [merged.services.api, merged.services.worker].map((s) =>
      located(serviceEnv(s, env)),
    );
    const recreated = JSON.stringify(next) !== JSON.stringify([apiEnv, workerEnv]);
    console.log(`  here: ${files.join(' + ')}; api and worker ${recreated ? 'recreated' : 'kept'}`);
    if (recreated) {
      await stop(['api', 'worker']);
      [apiEnv, workerEnv] = next;
      await start(['api', 'worker']);
    }
    balancer.stop();
    const nginx = await startBalancer(nginxDir, {
      web: merged.services.web,
      project,
      replicaPorts: ports,
    });
    cleanups.push(() => nginx.stop());
    return { ...nginx, published: publishedPorts(merged.services.web) };
  };

  return {
    work,
    cleanups,
    guide,
    compose,
    dotenv,
    readDotenv,
    smtp,
    databaseUrl,
    volumes: { uploads: dataDir },
    replicas,
    ports,
    services: { running, start, stop },
    balancer,
    base,
    up,
  };
}

/**
 * What members and operators rely on, through the balancer of `deploy`'s context; the admin and a
 * member who joined (email, password, token), for the later steps.
 */
async function checkDeployment({ base, balancer, dotenv, smtp, compose, services: { running } }) {
  const apis = running.api;
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
  const { refused, ok } = await tooLarge(balancer.listen[80]);
  check(ok, `a body over nginx's limit: 413 ${refused.code} "${refused.msg}"`);

  // A member joins through nginx: a replica queues the welcome email, the worker sends it.
  const email = `compose-${Date.now()}@example.org`;
  const joined = await postJson(`${base}/api/auth/register`, {
    name: 'Compose Replay',
    email,
    password: MEMBER_PASSWORD,
    country: 'Canada',
    profession: 'Engineer',
  });
  check(joined.status === 201, `a member registers through nginx: ${joined.status}`);
  const member = await joined.json();
  await waitFor(async () => smtp.received.includes(email), 60000, 'the welcome email');
  check(true, 'the worker delivered the welcome email');

  // `docker compose stop` (or a rolling update) on one replica while members browse: nginx
  // passes its requests to the other, none fails, and it exits within compose's grace period.
  const grace = durationMs(compose.services.api.stop_grace_period ?? '10s');
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
  return {
    admin: { token: session.token },
    member: { email, password: MEMBER_PASSWORD, token: member.token },
  };
}

async function main() {
  const cleanups = [];
  const work = mkdtempSync(join(tmpdir(), 'compose-replay-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  try {
    const context = await deploy(work, cleanups);
    await hostileRequestsStep(context);
    await guestCacheStep(context);
    const members = await checkDeployment(context);
    await backupStep({ ...context, ...members });
    await httpsStep(context);
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
