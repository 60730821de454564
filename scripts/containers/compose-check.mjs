#!/usr/bin/env node
// The `compose` stage: docker-compose.yml brought up for real by podman-compose, from a clean
// export of HEAD, with the images the `image` stage built (built here when missing or older than
// HEAD) and the .env that docs/operations.md's own lines write. Then, against the containers: the
// hostile requests (no 502, no replica out of rotation), the guests' microcache, 2,000 members at
// once through nginx, health and readiness, a page and a sign-in through nginx, the spread over
// the replicas, the client address through one trusted hop, tokens kept out of nginx's log, the
// 413 shape, an email sent by the worker, one replica stopped under load without a failed
// request; then docs/operations.md's backup
// and restore lines and its HTTPS lines (a self-signed certificate; certbot's deploy hook run with a
// second one), each run as written, `docker compose` being podman-compose (shim.mjs).
// Usage: node scripts/containers/compose-check.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect as http2Connect } from 'node:http2';
import { connect } from 'node:net';
import YAML from 'yaml';
import { guestCacheStep } from '../checks/guest-cache.mjs';
import { hostileRequestsStep } from '../checks/hostile-requests.mjs';
import { bashBlocks, check, commands, tooLarge } from '../checks/steps.mjs';
import { postJson, startSmtpSink, waitFor } from '../services.mjs';
import { baseImages } from './base-images.mjs';
import { buildAll, exportCommit, root, TARGETS } from './build-images.mjs';
import { containersEnv, podman } from './podman.mjs';
import { PROJECT, writeDockerShim } from './shim.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MEMBER_PASSWORD = 'a-member-passphrase-2026';
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const container = (service, n = 1) => `${PROJECT}_${service}_${n}`;
const logs = (name, stream = 'stdout') =>
  podman(['logs', name], { check: false })[stream].split('\n').filter(Boolean);

/** The images the compose file names, built from HEAD unless they already are. */
async function ensureImages() {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const built = TARGETS.every(({ tag }) => {
    const r = podman(
      ['image', 'inspect', tag, '--format', '{{index .Labels "org.diaspora.commit"}}'],
      {
        check: false,
      },
    );
    return r.status === 0 && r.stdout.trim() === head;
  });
  if (built) return console.log(`images of ${head.slice(0, 8)} already built`);
  await baseImages();
  buildAll();
}

/** Containers, volumes and networks of the check's project, from this run or a crashed one. */
function removeProject() {
  const ids = podman(['ps', '-aq', '--filter', `label=io.podman.compose.project=${PROJECT}`], {
    check: false,
  })
    .stdout.split('\n')
    .filter(Boolean);
  if (ids.length) podman(['rm', '-f', '-v', ...ids], { check: false });
  const volumes = podman(
    ['volume', 'ls', '-q', '--filter', `label=io.podman.compose.project=${PROJECT}`],
    {
      check: false,
    },
  )
    .stdout.split('\n')
    .filter(Boolean);
  if (volumes.length) podman(['volume', 'rm', '-f', ...volumes], { check: false });
  podman(['network', 'rm', '-f', `${PROJECT}_default`], { check: false });
}

/** A kept-alive connection that the server closed as the request went out, before any answer. */
const closedBeforeAnswer = (error) => ['UND_ERR_SOCKET', 'ECONNRESET'].includes(error?.cause?.code);

/**
 * GETs from `loops` clients until `stop()`; counts answers that were not 2xx or never came. A GET
 * whose kept-alive connection closed before any answer is sent once more, as browsers do (RFC
 * 9112, 9.3.1): the stand-in nginx reloads when a replica's address goes (the image's nginx 1.28
 * re-resolves without one), and a reload closes idle client connections; those are `resent`.
 */
function steadyLoad(base, paths, loops) {
  let running = true;
  const failures = [];
  let done = 0;
  let resent = 0;
  const get = async (path, again) => {
    try {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      if (!response.ok) failures.push(`${path}: ${response.status}`);
    } catch (error) {
      if (again && closedBeforeAnswer(error)) {
        resent++;
        return get(path, false);
      }
      failures.push(`${path}: ${error.message} (${error.cause?.code ?? error.cause?.message})`);
    }
  };
  const clients = Array.from({ length: loops }, async (_, i) => {
    while (running) {
      await get(paths[(done + i) % paths.length], true);
      done++;
    }
  });
  return {
    failures,
    count: () => done,
    resent: () => resent,
    stop: () => ((running = false), Promise.all(clients)),
  };
}

const healthy = (name) => podman(['healthcheck', 'run', name], { check: false }).status === 0;

/**
 * Waits until requests through nginx reach replica `n` (1-based) again: a replica that Podman
 * restarted has a new address, which nginx must have followed (`resolve`; the stand-in reloads).
 */
async function backInRotation(base, apis, n, what) {
  let sent = 0;
  await waitFor(
    async () => {
      // A new query each time: no answer from the guests' cache.
      const path = `/api/news?limit=1&rotation=${n}-${Date.now()}-${sent++}`;
      await (await fetch(`${base}${path}`)).arrayBuffer();
      return apis[n - 1].lines.some((line) => line.includes(path));
    },
    // Two replicas restarted at once can both move: the stand-in's watcher (every 5 s) and a
    // reload each; a slow machine needs more than a minute for both.
    150000,
    `replica ${n} ${what}`,
  ).catch((error) => {
    // What nginx's stand-in did (its watcher's reloads, upstream errors) says why.
    const nginx = logs(container('web'), 'stderr').slice(-8).join('\n  ');
    throw new Error(`${error.message} after ${sent} requests; nginx's last lines:\n  ${nginx}`);
  });
  check(true, `${what}: replica ${n} serves requests through nginx (${sent} sent)`);
}

/** How many members the crowd step sends at once: a popular event's. */
const CROWD = 2000;

/**
 * One request on each of `sockets`, all at once: each one's status, or `closed` when nginx
 * closed the connection first.
 */
function askEach(sockets, path) {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          let text = '';
          const status = () => (text.startsWith('HTTP/1.1 ') ? text.split(' ')[1] : 'closed');
          socket.on('data', (chunk) => {
            text += chunk;
            if (text.includes('\r\n\r\n')) resolve(status());
          });
          socket.on('close', () => resolve(status()));
          socket.on('error', () => resolve('closed'));
          setTimeout(() => resolve('no answer'), 30000).unref();
          if (!socket.destroyed) socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        }),
    ),
  );
}

/**
 * A crowd at once (a popular event's RSVPs): 2,000 members' connections opened together, then a
 * request on each. With nginx's own worker connections (the image's 1,024, Debian's 768 per
 * worker) nginx, short of free ones, closes connections still waiting for their request and
 * those members meet a reset (1,282 of 2,000 with 768); deploy/nginx-connections.sh gives each
 * worker 8,192. A guest's page, answered from the microcache: the crowd is nginx's alone.
 */
async function crowdStep(base) {
  const port = Number(new URL(base).port);
  const sockets = [];
  const opened = await new Promise((resolve) => {
    let open = 0;
    for (let i = 0; i < CROWD; i++) {
      const socket = connect(port, '127.0.0.1', () => ++open === CROWD && resolve(open));
      socket.on('error', () => undefined);
      sockets.push(socket);
    }
    setTimeout(() => resolve(open), 10000).unref();
  });
  try {
    await sleep(1000);
    const statuses = await askEach(sockets, `/?crowd=${Date.now()}`);
    const counts = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    check(
      opened === CROWD && counts['200'] === CROWD,
      `${CROWD} members at once through nginx: ${opened} connected, answers ${JSON.stringify(counts)}`,
    );
  } finally {
    sockets.forEach((socket) => socket.destroy());
  }
}

async function up(work, sh, replicas) {
  // podman-compose 1.0.3 ignores `condition: service_healthy`: PostgreSQL first, then the rest.
  await sh('docker compose up -d postgres redis');
  await waitFor(
    async () =>
      podman(['exec', container('postgres'), 'pg_isready', '-U', 'platform'], { check: false })
        .status === 0,
    60000,
    'PostgreSQL',
  );
  await sh('docker compose up -d');
  for (let n = 1; n <= replicas; n++) {
    await waitFor(async () => healthy(container('api', n)), 180000, `api replica ${n} healthy`);
  }
  await waitFor(
    async () => logs(container('worker')).some((l) => l.includes('worker started')),
    60000,
    'the worker',
  );
}

async function checkDeployment({ base, dotenv, smtp, apis, grace }) {
  const page = await fetch(`${base}/`);
  check(page.ok && /<html/i.test(await page.text()), `GET / through nginx: ${page.status}`);
  const ready = await fetch(`${base}/api/health/ready`);
  check(ready.ok, `readiness through nginx: ${ready.status} ${JSON.stringify(await ready.json())}`);
  const login = await postJson(`${base}/api/auth/login`, {
    email: dotenv.ADMIN_EMAIL,
    password: dotenv.ADMIN_PASSWORD,
  });
  const session = await login.json();
  check(
    login.status === 200 && session.user?.role === 'admin',
    `the admin from .env signs in through nginx (${login.status}, ${session.user?.role})`,
  );

  const marker = `/api/news?limit=1&spread=${Date.now()}`;
  for (let i = 0; i < 12; i++) await (await fetch(`${base}${marker}`)).arrayBuffer();
  const served = apis.map((api) => api.lines.filter((l) => l.includes(marker)).length);
  check(
    served.every((n) => n > 0),
    `requests spread over the replicas: ${served.join(' + ')}`,
  );

  // One trusted hop: nginx replaces X-Forwarded-For, so a forged one shares the client's bucket.
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

  const secret = `compose-secret-${Date.now()}`;
  await (await fetch(`${base}/reset-password?token=${secret}`)).arrayBuffer();
  await waitFor(
    async () => logs(container('web')).some((l) => l.includes('/reset-password?[redacted]')),
    5000,
    "nginx's access log line",
  );
  const replicaLogs = apis.flatMap((api) => api.lines);
  check(
    !logs(container('web')).some((l) => l.includes(secret)) &&
      !replicaLogs.some((l) => l.includes(secret)),
    "nginx's and the replicas' logs redact ?token=",
  );

  const { refused, ok } = await tooLarge(3000);
  check(ok, `a body over nginx's limit: 413 ${refused.code} "${refused.msg}"`);

  const email = `compose-${Date.now()}@example.org`;
  const joined = await postJson(`${base}/api/auth/register`, {
    name: 'Compose Check',
    email,
    password: MEMBER_PASSWORD,
    country: 'Canada',
    profession: 'Engineer',
  });
  check(joined.status === 201, `a member registers through nginx: ${joined.status}`);
  const member = await joined.json();
  await waitFor(async () => smtp.received.includes(email), 60000, 'the welcome email');
  check(true, 'the worker container delivered the welcome email to the SMTP server');

  // One replica stopped (SIGTERM, as `docker compose stop` or a rolling update) while members browse.
  const load = steadyLoad(base, ['/api/news?limit=1', '/api/events?limit=1', '/'], 4);
  await sleep(1000);
  const stopping = Date.now();
  podman(['stop', '-t', String(grace), container('api', 1)]);
  const tookMs = Date.now() - stopping;
  await sleep(1000);
  await load.stop();
  const exit = podman([
    'inspect',
    container('api', 1),
    '--format',
    '{{.State.ExitCode}}',
  ]).stdout.trim();
  check(
    tookMs < grace * 1000 && (exit === '0' || exit === '143'),
    `replica 1 stopped (exit ${exit}) ${tookMs} ms after SIGTERM, grace ${grace} s`,
  );
  check(
    load.failures.length === 0,
    `${load.count()} requests while a replica stopped (${load.resent()} sent again on a closed connection), failed: ${load.failures.slice(0, 5).join(', ') || 'none'}`,
  );
  podman(['start', container('api', 1)]);
  await waitFor(async () => healthy(container('api', 1)), 180000, 'replica 1 back');
  await backInRotation(base, apis, 1, 'after its restart');
  return {
    admin: { token: session.token },
    member: { email, password: MEMBER_PASSWORD, token: member.token },
  };
}

/**
 * What Prometheus on the compose network scrapes (deploy/monitoring/prometheus.yml): each replica
 * found by DNS (`api`), /api/metrics on port 3000, and the worker's /metrics on port 9464, with
 * METRICS_TOKEN from .env as a bearer token; asked from a container on that network.
 */
function metricsStep(dotenv) {
  const scrape = `
    const dns = require('node:dns/promises');
    const get = async (url, token) => {
      const r = await fetch(url, token ? { headers: { authorization: 'Bearer ' + token } } : {});
      return { url, status: r.status, text: await r.text() };
    };
    (async () => {
      const token = process.env.METRICS_TOKEN;
      const replicas = await dns.resolve4('api');
      const answers = [];
      for (const ip of replicas) answers.push(await get('http://' + ip + ':3000/api/metrics', token));
      answers.push(await get('http://worker:9464/metrics', token));
      answers.push(await get('http://worker:9464/metrics'), await get('http://api:3000/api/metrics'));
      console.log(JSON.stringify(answers.map(({ url, status, text }) => ({
        url, status, names: [...text.matchAll(/^# TYPE ([a-z_]+)/gm)].map((m) => m[1]),
      }))));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const out = podman([
    'run',
    '--rm',
    '--pull=never',
    '--network',
    `${PROJECT}_default`,
    '-e',
    `METRICS_TOKEN=${dotenv.METRICS_TOKEN}`,
    '--entrypoint=',
    'localhost/diaspora-platform:latest',
    'node',
    '-e',
    scrape,
  ]).stdout;
  const answers = JSON.parse(out.trim().split('\n').at(-1));
  const [anonymousWorker, anonymousApi] = answers.slice(-2);
  const scraped = answers.slice(0, -2);
  const replicas = scraped.slice(0, -1);
  const worker = scraped.at(-1);
  check(
    replicas.length >= 2 &&
      replicas.every((a) => a.status === 200 && a.names.includes('http_requests_total')),
    `Prometheus's scrape of each replica by DNS: ${replicas.map((a) => `${a.url} ${a.status}`).join(', ')}`,
  );
  check(
    worker.status === 200 && worker.names.includes('queue_jobs_processed_total'),
    `Prometheus's scrape of the worker: ${worker.url} ${worker.status}`,
  );
  check(
    anonymousWorker.status === 401 && anonymousApi.status === 401,
    `without the token: worker ${anonymousWorker.status}, replica ${anonymousApi.status}`,
  );
}

/** docs/operations.md's backup lines, a loss, its restore lines, and what must be back. */
async function backupStep({ base, guide, sh, admin, member, replicas, apis }) {
  const [backup, restore] = bashBlocks(guide, '## Backups and restore').map(commands);
  const auth = { authorization: `Bearer ${admin.token}` };
  const created = await postJson(
    `${base}/api/team`,
    { name: 'Backup Check', position: 'Archivist', bio: 'Kept.' },
    auth,
  );
  const teamMember = await created.json();
  const form = new FormData();
  form.append('photo', new Blob([PIXEL_PNG], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${base}/api/team/${teamMember._id}/photo`, {
    method: 'PUT',
    headers: auth,
    body: form,
  });
  const photoUrl = (await uploaded.json()).profileImage;
  const photo = Buffer.from(await (await fetch(`${base}${photoUrl}`)).arrayBuffer());
  check(
    created.status === 201 && uploaded.status === 200 && photo.length > 0,
    `a team member with a photo: ${photoUrl}`,
  );

  for (const line of backup) await sh(line);
  check(true, `docs/operations.md's ${backup.length} backup lines ran`);

  const late = await postJson(`${base}/api/auth/register`, {
    name: 'After The Backup',
    email: `late-${member.email}`,
    password: member.password,
    country: 'Canada',
    profession: 'Engineer',
  });
  const removed = await fetch(`${base}/api/team/${teamMember._id}`, {
    method: 'DELETE',
    headers: auth,
  });
  // The uploads volume lost.
  podman([
    'run',
    '--rm',
    '--pull=never',
    '--user',
    '0',
    '-v',
    `${PROJECT}_uploads:/data`,
    'docker.io/library/node:24-bookworm-slim',
    'sh',
    '-c',
    'rm -rf /data/*',
  ]);
  const gone = await fetch(`${base}${photoUrl}`);
  await gone.arrayBuffer();
  check(
    late.status === 201 && removed.ok && gone.status === 404,
    `after the backup: a member joins, the team member and the uploads are lost`,
  );

  for (const line of restore) await sh(line);
  for (let n = 1; n <= replicas; n++) {
    await waitFor(
      async () => healthy(container('api', n)),
      180000,
      `api replica ${n} after the restore`,
    );
  }
  check(true, `docs/operations.md's ${restore.length} restore lines ran`);
  for (let n = 1; n <= replicas; n++) await backInRotation(base, apis, n, 'after the restore');
  const restored = await fetch(`${base}${photoUrl}`);
  const restoredBytes = Buffer.from(await restored.arrayBuffer());
  check(
    restored.ok && restoredBytes.equals(photo),
    `the restored photo: ${restored.status}, ${restoredBytes.length} bytes`,
  );
  const kept = await fetch(`${base}/api/auth/me`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  check(kept.status === 200, `a session from before the backup still works: ${kept.status}`);
  const after = await postJson(
    `${base}/api/auth/login`,
    { email: `late-${member.email}`, password: member.password },
    { 'x-forwarded-for': '198.51.100.7' },
  );
  check(
    after.status === 401 || after.status === 429,
    `the member who joined after the backup is gone: ${after.status}`,
  );
}

/** What a TLS client sees on 443: status, headers and the negotiated protocol (HTTP/2). */
function http2Get(path, ca) {
  return new Promise((resolveGet, reject) => {
    const session = http2Connect('https://127.0.0.1:443', { ca, servername: 'localhost' });
    session.on('error', reject);
    const request = session.request({ ':path': path });
    // A certificate the client does not trust (the old one, before the reload) fails the request.
    request.on('error', (error) => {
      session.destroy();
      reject(error);
    });
    let status;
    let headers;
    request.on('response', (h) => ((headers = h), (status = h[':status'])));
    request.on('data', () => {});
    request.on('end', () => {
      const cert = session.socket.getPeerCertificate();
      session.close();
      resolveGet({
        status,
        headers,
        protocol: session.alpnProtocol,
        fingerprint: cert.fingerprint256,
      });
    });
    request.end();
  });
}

/** docs/operations.md's HTTPS lines, certbot's excepted, whose deploy hook runs with a new certificate. */
async function httpsStep({ guide, work, sh, replicas }) {
  const [block] = bashBlocks(guide, '## HTTPS');
  const lines = commands(block.replace(/\\\n\s*/g, ''));
  const certbot = lines.find((l) => /\bcertbot certonly\b/.test(l));
  for (const line of lines.filter((l) => l !== certbot)) await sh(line);
  for (let n = 1; n <= replicas; n++) {
    await waitFor(async () => healthy(container('api', n)), 180000, `api replica ${n} with https`);
  }
  const first = readFileSync(join(work, 'deploy', 'certs', 'fullchain.pem'));
  await waitFor(
    async () => (await http2Get('/api/health', first)).status === 200,
    60000,
    'nginx on 443',
  );
  const site = await http2Get('/', first);
  check(
    site.status === 200 &&
      site.protocol === 'h2' &&
      /max-age=31536000/.test(site.headers['strict-transport-security'] ?? ''),
    `https on 443: ${site.status} over ${site.protocol}, HSTS ${site.headers['strict-transport-security']}`,
  );
  const plain = await fetch('http://127.0.0.1:80/events', { redirect: 'manual' });
  check(
    plain.status === 301 && /^https:\/\//.test(plain.headers.get('location') ?? ''),
    `port 80 redirects: ${plain.status} ${plain.headers.get('location')}`,
  );
  mkdirSync(join(work, 'deploy', 'acme', '.well-known', 'acme-challenge'), { recursive: true });
  writeFileSync(
    join(work, 'deploy', 'acme', '.well-known', 'acme-challenge', 'check-token'),
    'challenge-answer',
  );
  const challenge = await fetch('http://127.0.0.1:80/.well-known/acme-challenge/check-token');
  check(
    challenge.status === 200 && (await challenge.text()) === 'challenge-answer',
    `certbot's challenge over plain HTTP: ${challenge.status}`,
  );
  const { refused, ok } = await tooLarge(443, { ca: first, servername: 'localhost' });
  check(ok, `a body over nginx's limit over https: 413 ${refused.code}`);

  // certbot's deploy hook, as written, with the certificate certbot would have put in its live folder.
  const hook = /--deploy-hook "([^"]+)"/.exec(certbot)?.[1];
  const live = join(work, 'letsencrypt-live');
  mkdirSync(live, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(live, 'privkey.pem'),
      '-out',
      join(live, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  await sh(hook.replace(/\$PWD/g, work).replaceAll('/etc/letsencrypt/live/example.org', live));
  const renewed = readFileSync(join(live, 'fullchain.pem'));
  await waitFor(
    async () => (await http2Get('/', renewed).catch(() => ({}))).status === 200,
    20000,
    'the new certificate',
  );
  check(true, 'after the deploy hook nginx serves the new certificate (trusted only by it)');
}

async function main() {
  const started = Date.now();
  await ensureImages();
  removeProject();
  const work = exportCommit();
  const smtp = await startSmtpSink({ host: '0.0.0.0' });
  try {
    const compose = YAML.parse(readFileSync(join(work, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    });
    const replicas = compose.services.api.deploy?.replicas ?? 1;
    const grace = Number.parseInt(compose.services.api.stop_grace_period ?? '10', 10);
    const guide = readFileSync(join(work, 'docs', 'operations.md'), 'utf8');
    const sh = writeDockerShim(work, compose);
    // The operator's .env from docs/operations.md's lines; mail to the SMTP server they would name.
    const [recipe] = bashBlocks(guide, '## Docker compose');
    for (const line of commands(recipe).filter((l) => l.includes('.env'))) await sh(line);
    writeFileSync(
      join(work, '.env'),
      `${readFileSync(join(work, '.env'), 'utf8')}SMTP_URL=smtp://host.containers.internal:${smtp.port}?ignoreTLS=true\n`,
    );
    const dotenv = Object.fromEntries(
      readFileSync(join(work, '.env'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    await up(work, sh, replicas);
    check(true, `${replicas} API replicas healthy and the worker started (podman-compose)`);
    const base = 'http://127.0.0.1:3000';
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 30000, 'nginx');
    const apis = Array.from({ length: replicas }, (_, i) => ({
      get lines() {
        return logs(container('api', i + 1));
      },
    }));
    const context = {
      base,
      dotenv,
      balancer: { listen: { 80: 3000 }, errors: () => logs(container('web'), 'stderr').join('\n') },
      services: { running: { api: apis } },
    };
    await hostileRequestsStep(context);
    await guestCacheStep(context);
    await crowdStep(base);
    metricsStep(dotenv);
    const people = await checkDeployment({ base, dotenv, smtp, apis, grace });
    await backupStep({ base, guide, work, sh, replicas, apis, ...people });
    await httpsStep({ guide, work, sh, replicas });
    console.log(`compose check: ok in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    spawnSync('podman-compose', ['-p', PROJECT, 'down', '-v'], {
      cwd: work,
      env: containersEnv(),
      stdio: 'ignore',
    });
    removeProject();
    smtp.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`compose check failed: ${error.stack ?? error.message}`, error.cause ?? '');
  process.exit(1);
});
