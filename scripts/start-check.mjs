#!/usr/bin/env node
// Proves README's first command as a user runs it: `npm start` in a shell that has NODE_ENV=development
// set and no database, queue or mail settings, started twice on one data directory. Checks that it
// prints the admin's sign-in and that it works, that demo members and events are there, that the
// pages are built in production mode and sent compressed with their first view in the HTML, that
// Ctrl-C (SIGINT to the terminal's process group) stops everything, and that a second start keeps
// the admin's password and the data without seeding the demo twice.
// Usage: node scripts/start-check.mjs (builds through `npm start` itself; nx reuses a cached build)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, root } from './checks/steps.mjs';
import { freePort, postJson, runCleanups, waitFor } from './services.mjs';

// React DOM's development build warns in these words; its production build links its error codes.
const DEVELOPMENT_REACT = 'cannot be a child of';
const PRODUCTION_REACT = 'react.dev/errors/';

/** `npm start` in its own process group, as a terminal runs a foreground job; its output kept. */
function npmStart(env, cleanups) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(signal ?? code)));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  cleanups.push(() => killGroup('SIGKILL'));
  return { output: () => output, exited, interrupt: () => killGroup('SIGINT') };
}

/** Starts `npm start`, waits until the platform answers, and reads the admin line it printed. */
async function start(env, base, cleanups) {
  const run = npmStart(env, cleanups);
  // A cold start builds every front end first (minutes on a busy machine).
  await Promise.race([
    waitFor(async () => (await fetch(`${base}/api/health`)).ok, 15 * 60000, 'npm start to answer'),
    run.exited.then((code) => Promise.reject(new Error(`npm start exited (${code})`))),
  ]);
  const admin = /Admin sign-in: (\S+) \/ (\S+)/.exec(run.output());
  check(admin !== null, 'npm start printed the admin sign-in');
  // The embedded database is seeded once the site answers (demo.service.ts: seedAfterStart).
  await waitFor(() => run.output().includes('demo content ready'), 120000, 'the demo content');
  return { ...run, email: admin[1], password: admin[2] };
}

/** Ctrl-C in the terminal: npm and the platform both stop, and the port is let go. */
async function interrupt(run, base) {
  const began = Date.now();
  run.interrupt();
  const code = await Promise.race([
    run.exited,
    new Promise((r) => setTimeout(() => r('still running'), 40000)),
  ]);
  const closed = await fetch(`${base}/api/health`).then(
    () => false,
    () => true,
  );
  check(
    code !== 'still running' && closed,
    `Ctrl-C stopped npm start (${code}) in ${Date.now() - began} ms and freed the port`,
  );
}

async function signIn(base, email, password) {
  const response = await postJson(`${base}/api/auth/login`, { email, password });
  const body = await response.json();
  return { status: response.status, role: body.user?.role };
}

/** Every script the built front ends serve, fetched as a browser would. */
async function servedScripts(base) {
  const files = [
    ['shell/dist/assets', '/assets'],
    ['portal/dist/assets', '/remotes/portal/assets'],
  ].flatMap(([dir, path]) =>
    // Shared packages (React DOM among them) are in assets/shared/.
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js'))
      .map((name) => `${path}/${name}`),
  );
  return Promise.all(
    files.map(async (path) => ({ path, text: await (await fetch(`${base}${path}`)).text() })),
  );
}

/** A listening socket's backlog: the Send-Q that `ss` shows for it. */
function listenBacklog(port) {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
  return Number(line.split(/\s+/)[2]);
}

const somaxconn = () => Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

async function main() {
  const cleanups = [];
  const work = mkdtempSync(join(tmpdir(), 'start-check-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = join(work, 'data');
    // A developer's shell: nothing of the test run's services, NODE_ENV=development left set.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? work,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
    };

    const first = await start(env, base, cleanups);
    check(first.email === 'admin@example.com', `the demo admin is ${first.email}`);
    const saved = statSync(join(dataDir, 'admin-password'));
    check((saved.mode & 0o077) === 0, 'the generated password is kept readable by its owner only');
    const admin = await signIn(base, first.email, first.password);
    check(admin.status === 200 && admin.role === 'admin', `the admin signs in (${admin.status})`);
    const member = await signIn(base, 'selam@example.com', 'demo-member-2026');
    check(member.status === 200, `a demo member signs in (${member.status})`);
    const events = await (await fetch(`${base}/api/events?limit=1`)).json();
    check(events.total > 0, `demo events are listed (${events.total})`);
    const backlog = listenBacklog(port);
    check(
      backlog >= Math.min(4096, somaxconn()),
      `the API's socket holds ${backlog} connections until it accepts them (Node's default: 511)`,
    );
    // No SMTP_URL: a newcomer's confirmation link is printed to the log (README, "No email configured").
    const newcomer = `newcomer-${Date.now()}@example.com`;
    const registered = await postJson(`${base}/api/auth/register`, {
      name: 'New Member',
      email: newcomer,
      password: `correct-horse-battery-${Date.now()}`,
      country: 'Canada',
      profession: 'Engineer',
    });
    check(registered.status === 201, `a newcomer registers (${registered.status})`);
    const logged = `"Confirm your email address" to ${newcomer}; links: http://localhost:${port}/verify-email#token=`;
    await waitFor(() => first.output().includes(logged), 15000, 'the confirmation link in the log');

    const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    const html = await page.text();
    check(
      page.status === 200 && /<div id="root">\s*<[a-z]/.test(html) && /<h1[\s>]/.test(html),
      `GET / answers the first view in its HTML (${page.status})`,
    );
    const scripts = await servedScripts(base);
    const development = scripts.filter((s) => s.text.includes(DEVELOPMENT_REACT));
    check(
      development.length === 0 && scripts.some((s) => s.text.includes(PRODUCTION_REACT)),
      `React is built for production despite NODE_ENV=development (${development.map((s) => s.path).join(', ') || 'no development build'})`,
    );
    const asset = await fetch(`${base}${scripts[0].path}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    check(
      ['br', 'gzip'].includes(asset.headers.get('content-encoding') ?? ''),
      `scripts are sent compressed (${asset.headers.get('content-encoding')})`,
    );
    await interrupt(first, base);

    const second = await start(env, base, cleanups);
    check(second.password === first.password, 'a second start keeps the admin password');
    const again = await signIn(base, second.email, second.password);
    check(again.status === 200, `the admin signs in after the restart (${again.status})`);
    const eventsAgain = await (await fetch(`${base}/api/events?limit=1`)).json();
    check(
      eventsAgain.total === events.total,
      `the demo is not seeded twice (${events.total} → ${eventsAgain.total} events)`,
    );
    await interrupt(second, base);
    console.log('npm start check: ok');
  } finally {
    await runCleanups(cleanups);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`npm start check failed: ${error.message}`);
    process.exit(1);
  });
}
