#!/usr/bin/env node
// Proves docker-compose.yml's default deployment without a Docker engine: reads the file itself and
// starts what its services run, from the built tree: the API replicas (`deploy.replicas`) and the
// worker with the compose environment, behind nginx with deploy/nginx.conf, on a throwaway
// PostgreSQL, Redis and SMTP sink, with the `.env` that README.md's recipe writes (its lines run as
// they are). Only the services' addresses change: compose's host names become loopback ports.
// Then it checks what members and operators rely on: the page and a sign-in through the balancer,
// requests spread over the replicas, client addresses through one trusted hop, tokens kept out of
// the access log, the API's error shape for a body nginx refuses, email sent by the worker, and a
// replica stopped under load without a failed request, within compose's stop grace period. Last,
// README's backup and restore recipe, its lines translated for a host without Docker: after a
// restore the members' sessions, their sign-in and the uploaded files are back. Then README's
// HTTPS recipe in a copy of the project: its certificate and .env lines run as they are, nginx
// restarts with docker-compose.tls.yml merged in (the replicas too, their PUBLIC_URL changed), and
// the redirect, certbot's webroot, HTTPS with HSTS and HTTP/2, a sign-in and the 413 over https are
// checked; certbot is played (a certificate issued, then renewed), its deploy hook run as written.
// Usage: node scripts/compose-replay.mjs (after `npm run build`)
import { execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { forNginxVersion, mergeCompose, nginxSite, nginxVersion } from './nginx-check.mjs';
import {
  createDatabase,
  findNginx,
  findPgBin,
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

/**
 * README's backup and restore recipe: the lines of the first two bash blocks of its "Backups and
 * restore" section (blank lines and comments skipped).
 */
export function backupRecipe(readme) {
  const start = readme.indexOf('## Backups and restore');
  if (start < 0) throw new Error('README.md has no "## Backups and restore" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map(([, block]) =>
    block.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#')),
  );
  if (blocks.length < 2 || blocks.some((lines) => lines.length === 0)) {
    throw new Error("README.md's backup section lost its backup or its restore commands");
  }
  return { backup: blocks[0], restore: blocks[1] };
}

/** A word for bash, quoted when it holds more than safe characters. */
const shellWord = (word) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${String(word).replace(/'/g, "'\\''")}'`;

/** The options of `docker compose exec` and `run` the replay knows (none changes what runs here). */
const COMPOSE_OPTIONS = { exec: ['-T'], run: ['--rm', '-T', '--no-deps'] };

/**
 * One line of README's backup recipe as this replay runs it; a line of any other shape throws.
 * `docker compose exec|run [options] <service> <program> <args> [< file | > file]` runs the program
 * here (`shell`): pg_dump and pg_restore in the postgres service reach `databaseUrl` instead of its
 * POSTGRES_USER and POSTGRES_DB, and tar in the app services reads and writes `volumes[name]`
 * where the service mounts the named volume. A redirected line needs `-T` (a TTY would refuse the
 * redirection or mangle the bytes). `docker compose stop|start <services>` are `stop` / `start`.
 */
export function translateBackupLine(
  line,
  { services, databaseUrl, volumes, bin = (name) => name },
) {
  const fail = (why) => {
    throw new Error(`backup recipe: ${why}: ${line}`);
  };
  if (/['"`$;&|()\\]/.test(line)) fail('quotes, variables, pipes and lists are not replayed');
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'docker' || words[1] !== 'compose') fail('not a `docker compose` command');
  const [, , command, ...rest] = words;
  const serviceOf = (name) => services[name] ?? fail(`no service ${name} in docker-compose.yml`);
  if (command === 'stop' || command === 'start') {
    if (rest.length === 0 || rest.some((word) => word.startsWith('-'))) fail('services only');
    rest.forEach(serviceOf);
    return { [command]: rest };
  }
  if (!COMPOSE_OPTIONS[command]) fail(`\`docker compose ${command}\` is not replayed`);
  const options = [];
  while (rest[0]?.startsWith('-')) options.push(rest.shift());
  const unknown = options.filter((option) => !COMPOSE_OPTIONS[command].includes(option));
  if (unknown.length) fail(`${unknown.join(' ')} is not replayed`);
  const [service, program, ...args] = rest;
  const definition = serviceOf(service);
  const redirect = args.findIndex((word) => /^[<>]/.test(word));
  const redirection = redirect < 0 ? [] : args.splice(redirect);
  if (redirection.length && !(redirection.length === 2 && /^[<>]$/.test(redirection[0]))) {
    fail('one `< file` or `> file` at the end');
  }
  if (redirection.length && !options.includes('-T')) fail('a redirected command needs -T');

  let local;
  if (program === 'pg_dump' || program === 'pg_restore') {
    const env = definition.environment ?? {};
    if (!env.POSTGRES_DB) fail(`${service} is not the postgres service`);
    const kept = [];
    let named = 0;
    for (let i = 0; i < args.length; i++) {
      const word = args[i];
      if (word === '-U') {
        if (args[++i] !== (env.POSTGRES_USER ?? 'postgres')) fail('-U is not POSTGRES_USER');
      } else if (word === '-d' || !word.startsWith('-')) {
        const database = word === '-d' ? args[++i] : word;
        if (database !== env.POSTGRES_DB) fail(`${database} is not POSTGRES_DB`);
        named++;
      } else if (/^(-[hpW]|-[Ud].|--(host|port|dbname|username)\b)/.test(word)) {
        fail(`${word} is not replayed`);
      } else {
        kept.push(word);
      }
    }
    if (named !== 1) fail('name the database once');
    local = [bin(program), ...kept, '-d', databaseUrl];
  } else if (program === 'tar') {
    const mounts = (definition.volumes ?? []).map((volume) => volume.split(':'));
    local = ['tar', ...args].map((word) => {
      const mount = mounts.find(([, target]) => word === target || word.startsWith(`${target}/`));
      if (!mount) {
        if (word.startsWith('/')) fail(`${word} is in no volume of ${service}`);
        return word;
      }
      const [name, target] = mount;
      if (!volumes[name]) fail(`${service}'s ${name} volume is not replayed`);
      return volumes[name] + word.slice(target.length);
    });
  } else {
    fail(`${program ?? 'no program'} is not replayed`);
  }
  const [operator, file] = redirection;
  const shell = [...local.map(shellWord), ...(operator ? [operator, shellWord(file)] : [])];
  return { service, via: command, shell: shell.join(' ') };
}

/**
 * README's HTTPS recipe: the lines of the first bash block of its "HTTPS" section, a line ending in
 * `\` joined with the next (blank lines and comments skipped).
 */
export function httpsRecipe(readme) {
  const start = readme.indexOf('## HTTPS');
  if (start < 0) throw new Error('README.md has no "## HTTPS" section');
  const end = readme.indexOf('\n## ', start + 1);
  const block = /```bash\n([\s\S]*?)```/.exec(readme.slice(start, end < 0 ? undefined : end))?.[1];
  const lines = (block ?? '')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  if (lines.length === 0) throw new Error("README.md's HTTPS section lost its recipe");
  return lines;
}

/** The words of a shell line: quotes removed, nothing expanded (`"cd $PWD"` stays `cd $PWD`). */
export function shellWords(line) {
  const words = [];
  let word = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      continue;
    }
    word ??= '';
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unbalanced quotes: ${line}`);
      word += line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '')) i++;
        word += line[i];
      }
      if (i >= line.length) throw new Error(`unbalanced quotes: ${line}`);
    } else if (c === '\\') word += line[++i] ?? '';
    else word += c;
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * The compose files of a recipe's `docker compose [-f file]... up [options]` line: its `-f` files,
 * or else COMPOSE_FILE of .env (`:`-separated), or else docker-compose.yml.
 */
export function composeFiles(line, dotenv) {
  const [docker, compose, ...rest] = shellWords(line);
  if (docker !== 'docker' || compose !== 'compose') throw new Error(`not docker compose: ${line}`);
  const files = [];
  while (rest[0] === '-f' || rest[0] === '--file') files.push(rest.splice(0, 2)[1]);
  if (rest[0] !== 'up' || rest.slice(1).some((word) => !['-d', '--build'].includes(word))) {
    throw new Error(`the replay knows \`docker compose [-f file]... up [--build] [-d]\`: ${line}`);
  }
  if (files.length) return files;
  return dotenv.COMPOSE_FILE ? dotenv.COMPOSE_FILE.split(':') : ['docker-compose.yml'];
}

/** certbot's options that change nothing the replay checks (the account's, asking no questions). */
const CERTBOT_QUIET = ['--agree-tos', '--no-eff-email', '--non-interactive', '-n'];

/**
 * A recipe's `[sudo] certbot certonly --webroot -w <dir> -d <domain> --deploy-hook "<hook>"`: its
 * webroot, domains and hook (unexpanded). Any other option throws.
 */
export function certbotCommand(line) {
  const words = shellWords(line);
  if (words[0] === 'sudo') words.shift();
  if (words[0] !== 'certbot' || words[1] !== 'certonly') {
    throw new Error(`the replay knows \`certbot certonly\` only: ${line}`);
  }
  const found = { webroot: undefined, domains: [], hook: undefined };
  let authenticator;
  for (let i = 2; i < words.length; i++) {
    const word = words[i];
    if (word === '--webroot') authenticator = 'webroot';
    else if (word === '-w' || word === '--webroot-path') found.webroot = words[++i];
    else if (word === '-d' || word === '--domains') found.domains.push(...words[++i].split(','));
    else if (word === '--deploy-hook') found.hook = words[++i];
    else if (word === '-m' || word === '--email') i++;
    else if (!CERTBOT_QUIET.includes(word)) throw new Error(`certbot ${word} is not replayed`);
  }
  if (authenticator !== 'webroot' || !found.webroot) throw new Error(`certbot: no --webroot -w`);
  if (found.domains.length === 0 || !found.hook) {
    throw new Error('certbot: no -d or no --deploy-hook');
  }
  return found;
}

/**
 * certbot's deploy hook, `&&`-separated, as this replay runs it: `cd $PWD` (the project directory
 * when certbot was run: it runs its hook from its own directory, `/` under its timer) goes to
 * `pwd`, `cp -L <certificates> <folder>` copies from `letsencrypt` instead of /etc/letsencrypt,
 * and `docker compose exec web nginx -s reload` reloads the service's nginx (`{ reload: 'web' }`).
 * A copy without -L would copy live/'s links, which the container cannot follow: it throws, as
 * any other command does.
 */
export function translateDeployHook(hook, { pwd, letsencrypt }) {
  let cwd = '/';
  return hook.split('&&').map((command) => {
    const words = shellWords(command.trim());
    const fail = (why) => {
      throw new Error(`deploy hook: ${why}: ${command.trim()}`);
    };
    if (words[0] === 'cd') {
      if (words.length !== 2 || !/^\$\{?PWD\}?$/.test(words[1])) fail('cd $PWD only');
      cwd = pwd;
      return { cd: pwd };
    }
    if (words[0] === 'cp') {
      const options = words.slice(1).filter((word) => word.startsWith('-'));
      const paths = words.slice(1).filter((word) => !word.startsWith('-'));
      if (!options.includes('-L')) fail("cp without -L copies live/'s links");
      if (options.some((option) => option !== '-L') || paths.length < 2) {
        fail('cp -L <files> <folder>');
      }
      const files = paths.slice(0, -1).map((path) => {
        if (!path.startsWith('/etc/letsencrypt/')) fail(`${path} is not certbot's`);
        return join(letsencrypt, path.slice('/etc/letsencrypt/'.length));
      });
      return { cwd, shell: ['cp', '-L', ...files, paths.at(-1)].map(shellWord).join(' ') };
    }
    const [docker, compose, exec, ...rest] = words;
    if (docker === 'docker' && compose === 'compose' && exec === 'exec') {
      const service = rest.filter((word) => word !== '-T');
      if (service.join(' ') !== 'web nginx -s reload') {
        fail('only `web nginx -s reload` is replayed');
      }
      return { reload: 'web' };
    }
    return fail('not replayed');
  });
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

/** A 1×1 PNG, as the browser e2e uploads one. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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
  const local = localSite(site, { listen, replicaPorts, accessLog });
  const nginx = startNginx(dir, forNginxVersion(local, nginxVersion(findNginx())));
  return { ...nginx, accessLog, listen };
}

/** What a server answers to `request` (HTTP/1.x text) on the socket `open(onConnect)` makes. */
function exchange(open, request) {
  return new Promise((resolveExchange, reject) => {
    const socket = open(() => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolveExchange(text));
    socket.on('error', reject);
    socket.setTimeout(10000, () => reject(new Error(`no answer to ${request.split('\r\n')[0]}`)));
  });
}

/** A TCP connection to a loopback port, or a TLS one (`tlsOptions`: ca, servername). */
const socketTo = (port, tlsOptions) => (ready) =>
  tlsOptions
    ? tlsConnect({ host: '127.0.0.1', port, ...tlsOptions }, ready)
    : connect(port, '127.0.0.1', ready);

/** A request whose declared length is over nginx's limit (no body follows). */
const oversizedPost = (path, bytes) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
  `Content-Length: ${bytes}\r\nConnection: close\r\n\r\n`;

/** The head and the JSON body of nginx's 413, and whether they are the API's error shape. */
function refusedShape(answer) {
  const [head, body = ''] = answer.split('\r\n\r\n');
  const refused = JSON.parse(body.trim() || '{}');
  const ok =
    /^HTTP\/1\.1 413/.test(head) &&
    /content-type: application\/json/i.test(head) &&
    refused.code === 'PAYLOAD_TOO_LARGE' &&
    typeof refused.msg === 'string';
  return { head, refused, ok };
}

/**
 * An HTTP/1.1 request with node:http(s), no connection reused: `ca` and `servername` verify an
 * https server, `localAddress` picks the client's address.
 */
function call(url, { method = 'GET', headers = {}, body, ca, servername, localAddress } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolveCall, reject) => {
    const request = client.request(
      target,
      { method, headers, ca, servername, localAddress, agent: false },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolveCall({
            status: response.statusCode,
            headers: response.headers,
            all: (name) =>
              response.rawHeaders.filter(
                (_, i) => i % 2 === 1 && response.rawHeaders[i - 1].toLowerCase() === name,
              ),
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(15000, () => request.destroy(new Error(`no answer from ${url}`)));
    request.end(body);
  });
}

/** The certificate a TLS server presents, verified against `ca` for `servername`. */
function presented(port, { ca, servername }) {
  return new Promise((resolvePeer, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername }, () => {
      resolvePeer(socket.getPeerX509Certificate());
      socket.end();
    });
    socket.on('error', reject);
  });
}

/** The protocol an HTTP/2 client agrees on (ALPN), and the status of a GET over it. */
async function overHttp2(port, path, { ca, servername }) {
  const session = http2.connect(`https://127.0.0.1:${port}`, { ca, servername });
  try {
    await once(session, 'connect');
    const stream = session.request({ ':path': path, ':authority': servername });
    const [headers] = await once(stream, 'response');
    stream.resume();
    await once(stream, 'end');
    return { alpn: session.alpnProtocol, status: headers[':status'] };
  } finally {
    session.close();
  }
}

/**
 * What certbot leaves in /etc/letsencrypt (`letsencrypt` here) for a certificate it issued:
 * archive/<domain>/fullchain<N>.pem and privkey<N>.pem, live/<domain>/ links to the newest.
 * A self-signed certificate for `domain` stands for Let's Encrypt's; its PEM text.
 */
function certbotIssues(letsencrypt, domain, version) {
  const archive = join(letsencrypt, 'archive', domain);
  const live = join(letsencrypt, 'live', domain);
  mkdirSync(archive, { recursive: true });
  mkdirSync(live, { recursive: true });
  const [cert, key] = ['fullchain', 'privkey'].map((name) =>
    join(archive, `${name}${version}.pem`),
  );
  execFileSync(
    'openssl',
    [
      ...`req -x509 -newkey rsa:2048 -nodes -days 90 -subj /CN=${domain}`.split(' '),
      '-addext',
      `subjectAltName=DNS:${domain}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  for (const name of ['fullchain', 'privkey']) {
    rmSync(join(live, `${name}.pem`), { force: true });
    symlinkSync(`../../archive/${domain}/${name}${version}.pem`, join(live, `${name}.pem`));
  }
  return readFileSync(cert, 'utf8');
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

/** The files a checkout holds that compose reads: the compose files and deploy/ (not what git ignores). */
function checkout() {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      'docker-compose*.yml',
      'deploy',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return listed.split('\0').filter((file) => file && existsSync(join(root, file)));
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
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const recipe = envRecipe(readme);
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
    const apis = running.api;
    check(true, `${replicas} API replicas ready and the worker started`);

    const balancer = await startBalancer(join(work, 'web'), {
      web,
      project: root,
      replicaPorts: ports,
    });
    cleanups.push(() => balancer.stop());
    const webPort = balancer.listen[80];
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
    const tooLarge = oversizedPost('/api/events', 400 * 1024 * 1024);
    const { refused, ok } = refusedShape(await exchange(socketTo(webPort), tooLarge));
    check(ok, `a body over nginx's limit: 413 ${refused.code} "${refused.msg}"`);

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
    const member = await joined.json();
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

    // README's backup recipe, its lines translated one by one (translateBackupLine): content, a
    // backup, then a member joining and an admin's mistake after it and the uploads volume lost,
    // and the restore. The restored deployment must be the backed-up one, sessions included.
    const { backup, restore } = backupRecipe(readme);
    const admin = { authorization: `Bearer ${session.token}` };
    const created = await postJson(
      `${base}/api/team`,
      { name: 'Backup Replay', position: 'Archivist', bio: 'Kept in the backup.' },
      admin,
    );
    const teamMember = await created.json();
    const form = new FormData();
    form.append('photo', new Blob([PIXEL_PNG], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${base}/api/team/${teamMember._id}/photo`, {
      method: 'PUT',
      headers: admin,
      body: form,
    });
    const photoUrl = (await uploaded.json()).profileImage;
    const photo = Buffer.from(await (await fetch(`${base}${photoUrl}`)).arrayBuffer());
    check(
      created.status === 201 && uploaded.status === 200 && photo.length > 0,
      `the admin adds a team member with a photo: ${created.status}, ${uploaded.status}, ${photoUrl} (${photo.length} bytes)`,
    );

    const translation = {
      services: compose.services,
      databaseUrl,
      volumes: { uploads: dataDir },
      bin: findPgBin,
    };
    const runRecipe = async (lines) => {
      for (const line of lines) {
        const step = translateBackupLine(line, translation);
        console.log(`$ ${line}`);
        if (step.stop) await stop(step.stop);
        else if (step.start) await start(step.start);
        else {
          if (step.via === 'exec' && running[step.service]?.length === 0) {
            throw new Error(
              `backup recipe: ${step.service} is stopped, it has no container to exec in: ${line}`,
            );
          }
          console.log(`  here: ${step.shell}`);
          execFileSync('bash', ['-euo', 'pipefail', '-c', step.shell], {
            cwd: work,
            stdio: 'inherit',
          });
        }
      }
    };
    await runRecipe(backup);
    check(true, `README's ${backup.length} backup lines ran`);

    const late = await postJson(`${base}/api/auth/register`, {
      name: 'After The Backup',
      email: `late-${email}`,
      password: 'a-member-passphrase-2026',
      country: 'Canada',
      profession: 'Engineer',
    });
    const lateMember = await late.json();
    const removed = await fetch(`${base}/api/team/${teamMember._id}`, {
      method: 'DELETE',
      headers: admin,
    });
    const gone = await fetch(`${base}${photoUrl}`);
    await gone.arrayBuffer();
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir);
    check(
      late.status === 201 && removed.ok && gone.status === 404,
      `after the backup a member joins (${late.status}), the team member is deleted (${removed.status}, photo ${gone.status}) and the uploads volume is lost`,
    );

    await runRecipe(restore);
    await waitFor(
      async () => (await fetch(`${base}/api/health`)).ok,
      30000,
      'nginx after the restore',
    );
    check(
      running.api.length === replicas && running.worker.length === 1,
      `README's ${restore.length} restore lines ran: ${replicas} API replicas and the worker are back`,
    );
    const restoredPhoto = await fetch(`${base}${photoUrl}`);
    const restoredBytes = Buffer.from(await restoredPhoto.arrayBuffer());
    check(
      restoredPhoto.ok && restoredBytes.equals(photo),
      `the restored photo is served with the same bytes: ${restoredPhoto.status}, ${restoredBytes.length} bytes`,
    );
    const team = await (await fetch(`${base}/api/team`)).json();
    check(
      team.some((row) => row._id === teamMember._id && row.profileImage === photoUrl),
      'the deleted team member is back with its photo',
    );
    const me = (token) =>
      fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (response) => ({ status: response.status, user: await response.json() }),
      );
    const kept = await me(member.token);
    check(
      kept.status === 200 && kept.user.email === email,
      `a session from before the backup still works: ${kept.status} ${kept.user.email}`,
    );
    const after = await me(lateMember.token);
    check(after.status === 401, `the member who joined after the backup is gone: ${after.status}`);
    // Straight to a replica as another client (nginx would send its address): this client's login
    // window is spent by the X-Forwarded-For check above.
    const signIn = await postJson(
      `http://127.0.0.1:${ports[1]}/api/auth/login`,
      { email, password: 'a-member-passphrase-2026' },
      { 'x-forwarded-for': '198.51.100.20' },
    );
    check(
      signIn.status === 200,
      `the member signs in to the restored deployment: ${signIn.status}`,
    );

    // README's HTTPS recipe, in the operator's project directory: a checkout (the compose files and
    // deploy/) beside the .env written above. Its mkdir, openssl and .env lines run as they are,
    // `docker compose up` starts what the compose files it names merge into, and the replay plays
    // certbot: the challenge in its webroot, then a certificate issued and renewed, each time
    // handed to its deploy hook (translateDeployHook).
    for (const file of checkout()) {
      mkdirSync(dirname(join(work, file)), { recursive: true });
      copyFileSync(join(root, file), join(work, file));
    }
    // nginx's workers (nobody, when started by root) read the webroot below this folder, as the
    // image's nginx user reads the mounted one.
    chmodSync(work, 0o711);
    const letsencrypt = join(work, 'letsencrypt');

    /** `docker compose up`: the app recreated if its environment changed, nginx with the TLS site. */
    const composeUp = async (line) => {
      const env = parseDotenv(readFileSync(join(work, '.env'), 'utf8'));
      const files = composeFiles(line, env);
      const merged = files
        .map((file) => YAML.parse(readFileSync(join(work, file), 'utf8'), { merge: true }))
        .reduce((merging, next) => mergeCompose(merging, next));
      const next = [merged.services.api, merged.services.worker].map((s) =>
        located(serviceEnv(s, env)),
      );
      const recreated = JSON.stringify(next) !== JSON.stringify([apiEnv, workerEnv]);
      console.log(
        `  here: ${files.join(' + ')}; api and worker ${recreated ? 'recreated' : 'kept'}`,
      );
      if (recreated) {
        await stop(['api', 'worker']);
        [apiEnv, workerEnv] = next;
        await start(['api', 'worker']);
      }
      balancer.stop();
      const tlsWeb = await startBalancer(join(work, 'web-tls'), {
        web: merged.services.web,
        project: work,
        replicaPorts: ports,
      });
      cleanups.push(() => tlsWeb.stop());
      return { ...tlsWeb, env, published: publishedPorts(merged.services.web) };
    };

    /** What the site answers once nginx serves HTTPS with the certificate in deploy/certs. */
    const checkHttps = async ({ listen, accessLog, env, published }) => {
      check(
        published.includes(80) && published.includes(443),
        `the web service publishes container ports ${published.join(', ')}`,
      );
      const host = new URL(env.PUBLIC_URL).host;
      const ca = readFileSync(join(work, 'deploy', 'certs', 'fullchain.pem'));
      const servername = /DNS:([^,\s]+)/.exec(new X509Certificate(ca).subjectAltName ?? '')?.[1];
      const secure = { ca, servername: servername ?? 'localhost' };
      const site = `https://127.0.0.1:${listen[443]}`;
      const plain = `http://127.0.0.1:${listen[80]}`;
      await waitFor(
        async () => (await call(`${site}/api/health`, secure)).status === 200,
        15000,
        'nginx over https',
      );

      const moved = await call(`${plain}/events?page=2`, { headers: { host } });
      check(
        moved.status === 301 && moved.headers.location === `https://${host}/events?page=2`,
        `plain HTTP to ${host}: ${moved.status} to ${moved.headers.location}`,
      );
      const hostless = await exchange(socketTo(listen[80]), 'GET /api/health HTTP/1.0\r\n\r\n');
      // nginx.conf's server takes it (and the API refuses it: HTTP/1.1 needs a Host).
      check(
        /^HTTP\/1\.1 [0-9]{3}/.test(hostless) && !/^HTTP\/1\.1 301/.test(hostless),
        `a request naming no host is not redirected: ${hostless.split('\r\n')[0]}`,
      );
      const secret = `tls-secret-${Date.now()}`;
      await call(`${plain}/reset-password?token=${secret}`, { headers: { host } });
      await waitFor(
        async () => readFileSync(accessLog, 'utf8').includes('/reset-password?[redacted]'),
        5000,
        "the redirect's access log line",
      );
      check(
        !readFileSync(accessLog, 'utf8').includes(secret),
        "the redirect's access log redacts ?token= too",
      );

      const page = await call(`${site}/`, secure);
      const hsts = page.all('strict-transport-security');
      check(
        page.status === 200 && /<html/i.test(page.text) && hsts.join() === 'max-age=31536000',
        `GET / over https, verified against the self-signed certificate (${secure.servername}): ` +
          `${page.status}, Strict-Transport-Security: ${hsts.join(' | ')}`,
      );
      const previewUrl = /<meta property="og:url" content="([^"]*)"/.exec(page.text)?.[1];
      check(
        previewUrl === `${env.PUBLIC_URL}/`,
        `the page's link preview is at PUBLIC_URL from .env: ${previewUrl}`,
      );
      const h2 = await overHttp2(listen[443], '/api/health', secure);
      check(h2.alpn === 'h2' && h2.status === 200, `HTTP/2 (ALPN ${h2.alpn}): ${h2.status}`);
      // From another client address: this one's login window is spent by the check above.
      const login = await call(`${site}/api/auth/login`, {
        ...secure,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
        localAddress: '127.0.0.2',
      });
      const signedIn = login.status === 200 ? JSON.parse(login.text) : {};
      check(
        signedIn.user?.role === 'admin',
        `the admin signs in over https: ${login.status} ${signedIn.user?.role}`,
      );
      const refusedTls = refusedShape(await exchange(socketTo(listen[443], secure), tooLarge));
      check(
        refusedTls.ok && /^strict-transport-security: max-age=31536000\r?$/im.test(refusedTls.head),
        `a body over nginx's limit over https: 413 ${refusedTls.refused.code}, with HSTS`,
      );
    };

    /** certbot, played: its challenge over plain HTTP, then issuing and renewing with the hook. */
    const certbot = async (line, nginx) => {
      const { webroot, domains, hook } = certbotCommand(line);
      const [domain] = domains;
      const webrootHere = resolve(work, webroot);
      if (!existsSync(webrootHere)) {
        throw new Error(`certbot: ${webroot} does not exist or is not a directory`);
      }
      const token = `replay-${Date.now()}`;
      const challenges = join(webrootHere, '.well-known', 'acme-challenge');
      mkdirSync(challenges, { recursive: true });
      writeFileSync(join(challenges, token), `${token}.key-authorization`);
      const challenge = await call(
        `http://127.0.0.1:${nginx.listen[80]}/.well-known/acme-challenge/${token}`,
        { headers: { host: domain } },
      );
      check(
        challenge.status === 200 && challenge.text === `${token}.key-authorization`,
        `certbot's challenge in ${webroot} answers http://${domain}/.well-known/acme-challenge/: ${challenge.status}`,
      );
      rmSync(join(challenges, token));
      for (const [version, what] of [
        [1, 'issued'],
        [2, 'renewed'],
      ]) {
        const pem = certbotIssues(letsencrypt, domain, version);
        for (const step of translateDeployHook(hook, { pwd: work, letsencrypt })) {
          if (step.reload) {
            console.log('  here: nginx -s reload');
            nginx.reload();
          } else if (step.shell) {
            console.log(`  here (in ${step.cwd}): ${step.shell}`);
            execFileSync('bash', ['-euo', 'pipefail', '-c', step.shell], {
              cwd: step.cwd,
              stdio: 'inherit',
            });
          }
        }
        const copied = join(work, 'deploy', 'certs', 'fullchain.pem');
        check(
          !lstatSync(copied).isSymbolicLink() && readFileSync(copied, 'utf8') === pem,
          `the deploy hook copied the ${what} certificate into deploy/certs`,
        );
        const expected = new X509Certificate(pem).fingerprint256;
        const served = await waitFor(
          async () => {
            const peer = await presented(nginx.listen[443], { ca: pem, servername: domain });
            return peer.fingerprint256 === expected && peer;
          },
          10000,
          `nginx to serve the ${what} certificate`,
        );
        const health = await call(`https://127.0.0.1:${nginx.listen[443]}/api/health`, {
          ca: pem,
          servername: domain,
        });
        check(
          health.status === 200,
          `after the reload nginx serves the ${what} certificate (${served.subject.trim()}): ${health.status}`,
        );
      }
    };

    let tlsWeb;
    for (const line of httpsRecipe(readme)) {
      console.log(`$ ${line}`);
      if (/^docker\s/.test(line)) {
        tlsWeb = await composeUp(line);
        await checkHttps(tlsWeb);
      } else if (/^(sudo\s+)?certbot\s/.test(line)) {
        if (!tlsWeb) throw new Error('HTTPS recipe: certbot before nginx serves its webroot');
        await certbot(line, tlsWeb);
      } else if (/^(mkdir|openssl|echo) /.test(line)) {
        // openssl's progress dots on stderr are shown only when the line fails.
        try {
          execFileSync('bash', ['-euo', 'pipefail', '-c', line], {
            cwd: work,
            stdio: ['ignore', 'inherit', 'pipe'],
          });
        } catch (error) {
          throw new Error(`HTTPS recipe: ${line}: ${error.stderr}`);
        }
      } else {
        throw new Error(`HTTPS recipe: not replayed: ${line}`);
      }
    }
    check(Boolean(tlsWeb), "README's HTTPS recipe ran");
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
