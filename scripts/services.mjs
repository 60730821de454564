// Throwaway PostgreSQL, Redis, SMTP and nginx servers on free loopback ports, for tests and
// benchmarks, and the chores around them: a fresh database, waiting for the platform's health,
// stopping it all.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL program: on PATH, or in Debian's newest /usr/lib/postgresql/<version>/bin. */
export function findPgBin(name) {
  const fromPath = (process.env.PATH ?? '').split(':').map((dir) => join(dir, name));
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin/${name}`)
    : [];
  const found = [...fromPath, ...versions].find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${name} not found: install PostgreSQL (apt-get install postgresql)`);
  return found;
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool; as root, as the postgres user (initdb refuses root). */
function pgTool(bin, args) {
  if (!isRoot) return execFileSync(bin, args, { stdio: 'pipe' });
  const quoted = [bin, ...args].map((arg) => `'${String(arg).replace(/'/g, "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
}

export async function startPostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  pgTool(findPgBin('initdb'), [
    '-D',
    dir,
    '--auth=trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  pgTool(findPgBin('pg_ctl'), [
    '-D',
    dir,
    '-o',
    options,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  const pgCtl = (...args) => pgTool(findPgBin('pg_ctl'), ['-D', dir, ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server but keeps its data, to test outages; `resume()` starts it again. */
    halt() {
      pgCtl('-m', 'fast', '-w', 'stop');
    },
    resume() {
      pgCtl('-o', options, '-l', join(dir, 'server.log'), '-w', 'start');
    },
    stop() {
      try {
        pgTool(findPgBin('pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function startRedis() {
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
  if (!bin) throw new Error('redis-server not found: install it (apt-get install redis-server)');
  const port = await freePort();
  const launch = async () => {
    const server = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 10000;
    for (;;) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
        return server;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  let child = await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Kills the server (it keeps nothing on disk), to test outages; `resume()` starts it again. */
    halt() {
      child.kill('SIGKILL');
    },
    async resume() {
      child = await launch();
    },
    stop() {
      child.kill('SIGKILL');
    },
  };
}

/** A new empty database on a throwaway server (adminUrl names its postgres database); its URL. */
export async function createDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Polls the platform's /api/health until it answers 200: true, or false after timeoutMs. */
export function waitForHealth(baseUrl, timeoutMs = 60000) {
  return waitForOk(`${baseUrl}/api/health`, timeoutMs);
}

/** Whether `url` answered 2xx within `timeoutMs` (asked again every 250 ms). */
export function waitForOk(url, timeoutMs = 60000) {
  return waitFor(async () => (await fetch(url)).ok, timeoutMs, url).then(
    () => true,
    () => false,
  );
}

/**
 * A request sent again while the platform sheds load (503 with Retry-After, ADR 0055), as a
 * client is told to: a server just started on a busy shared machine sheds its first requests.
 */
export async function fetchSettled(url, init, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(url, init).catch(() => undefined);
    if (answer?.status !== 503 || attempt === attempts) return answer;
    const seconds = Number(answer.headers.get('retry-after')) || 2;
    await new Promise((resolveWait) => setTimeout(resolveWait, seconds * 1000));
  }
}

/** A JSON POST to the platform, as its front ends send one. */
export function postJson(url, body, headers = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Resolves to `check()`'s first truthy value (a throw counts as not yet); fails after timeoutMs. */
export async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** An SMTP server on a loopback port that accepts every message; `received` lists the recipients. */
/** An SMTP sink on `host` (every interface, '0.0.0.0', for containers to reach it). */
export function startSmtpSink({ host = '127.0.0.1' } = {}) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  return new Promise((resolveListen) =>
    server.listen(0, host, () =>
      resolveListen({ received, port: server.server.address().port, stop: () => server.close() }),
    ),
  );
}

/**
 * Debian's nginx in the foreground, serving `site` (what goes in the `http` block: server blocks,
 * upstreams, maps) with its pid, logs and temporary files in `dir`; `mimeTypes` for static files,
 * `workerConnections` for a load of more connections at once than the default 1024 (bench/rsvp-storm.mjs).
 */
export function startNginx(dir, site, { mimeTypes = false, workerConnections = 1024 } = {}) {
  const nginx = findNginx();
  const errorLog = join(dir, 'error.log');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      // As root, nginx's workers would run as nobody, who cannot enter a private temporary
      // directory to buffer a request body there.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      ...(mimeTypes ? ['  include /etc/nginx/mime.types;'] : []),
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
      ),
      site,
      '}',
      '',
    ].join('\n'),
  );
  const options = ['-p', dir, '-e', errorLog, '-c', conf];
  const child = spawn(nginx, options, { stdio: ['ignore', 'inherit', 'inherit'] });
  return {
    errorLog,
    /** `nginx -s reload`: the files are read again (a new certificate), no connection dropped. */
    reload: () => execFileSync(nginx, [...options, '-s', 'reload'], { stdio: 'inherit' }),
    stop: () => child.kill('SIGTERM'),
  };
}

/** Debian's nginx binary. */
export function findNginx() {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find(existsSync);
  if (!nginx) throw new Error('nginx not found: install it (apt-get install nginx-light)');
  return nginx;
}

/** Runs a run's cleanups, newest first; one that fails is reported and the others still run. */
export async function runCleanups(cleanups) {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${error.message}`);
    }
  }
}
