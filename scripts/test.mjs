#!/usr/bin/env node
// `npm test`: every suite of the platform against real services it starts and stops itself.
// Usage: node scripts/test.mjs [stage ... | no-stage ...] [-- extra args for jest, or for Playwright in the e2e stage]
// Stages: install, lint, nginx, monitoring, typecheck, api-client, backend, mutation, fuzz, smoke, frontend,
// generator, e2e, start, image, compose
// (default: all, in that order).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// A fresh clone has no node_modules yet, and the helpers below import from it.
ensureInstalled(root);
const { createDatabase, freePort, runCleanups, startPostgres, startRedis, waitForHealth } =
  await import('./services.mjs');
const { serveStandaloneConsole } = await import('./standalone-console.mjs');
const reports = join(root, 'tmp', 'test-reports');
// The browser journeys' servers never shed load (ADR 0055): on a busy test machine the event loop's
// delay passes 500 ms and a journey's page got a 503 for a script or an API call. Shedding itself
// is tested by the API e2e (backend/test/overload.e2e-spec.ts) and the fuzz stage.
const JOURNEYS_UNSHED = { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_DATABASE_QUEUE: '0' };
const ALL = [
  'install',
  'lint',
  'nginx',
  'monitoring',
  'typecheck',
  'api-client',
  'backend',
  'mutation',
  'fuzz',
  'smoke',
  'frontend',
  'generator',
  'e2e',
  'start',
  'image',
  'compose',
];
const FRONTEND = [
  'libs/api-client',
  'libs/session',
  'libs/i18n',
  'libs/ui',
  'shell',
  'portal',
  'admin-console',
];

// Issue 14 aims at 150 KB of script on a guest's first page; issue 37 counts it on the wire as
// Lighthouse does (bodies and response headers, CDP's encodedDataLength) on /, /events, /news and
// /login, the largest page held. This ceiling is just above the largest today (147.7 KB on /:
// 133 KB of bodies, 14.7 KB of headers in 33 scripts, since the page's policies go with documents
// only and the smallest helpers share a file), so it can only shrink. Issues 39 and 40 (+0.6 KB):
// the shell's guard lets door staff open /admin/check-in, and the route table's notification
// pages (a member's bell and menu load with their session, not in a guest's first page): 148.3 KB.
// Issues 39 and 40 again (the service worker's sign-out step, the profile's time zone call in the
// shared API client; the bell's panel and the offline helpers stay out of it): 148.4 KB.
const FIRST_PAGE_JS_CEILING_KB = '148.5';
// The generator stage's throwaway feature adds its route to the first page's route table: that
// run (scripts/feature-generator-check.mjs) allows for it, and only that run.
const FIRST_PAGE_JS_BUDGET_KB = (
  Number(FIRST_PAGE_JS_CEILING_KB) + Number(process.env.FIRST_PAGE_JS_ALLOWANCE_KB ?? 0)
).toFixed(1);

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const stages = (split >= 0 ? argv.slice(0, split) : argv).filter(Boolean);
const extra = split >= 0 ? argv.slice(split + 1) : [];
// `no-<stage>` runs every stage but that one (e.g. `no-image` where no image can be replayed).
const skipped = stages.filter((s) => s.startsWith('no-')).map((s) => s.slice(3));
const named = stages.filter((s) => !s.startsWith('no-'));
const selected = (named.length ? named : ALL).filter((s) => !skipped.includes(s));
for (const stage of [...selected, ...skipped]) {
  if (!ALL.includes(stage)) {
    console.error(`unknown stage "${stage}"; stages: ${ALL.join(', ')}`);
    process.exit(2);
  }
}

const results = [];
// How many lines the summary gives a failed stage: its failed tests' names, or a script's last lines.
const FAILURE_LINES = 15;
const cleanups = [];

function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolvePromise(1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Records a stage: its test counts when its report exists, else one failure for a crashed stage. */
function record(name, code, counts) {
  const passed = counts?.passed ?? (code === 0 ? 0 : 0);
  const failed = counts
    ? counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0)
    : code === 0
      ? 0
      : 1;
  results.push({ name, code, passed, failed, failures: counts?.failures ?? [] });
  console.log(
    `\n== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)\n`,
  );
}

/** Passed and failed counts of a Jest or Vitest JSON report, with the failed tests' names. */
const jestCounts = (file) => {
  const report = readJson(file);
  if (!report) return undefined;
  const failures = (report.testResults ?? []).flatMap((suite) => {
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    const where = relative(root, suite.name ?? '');
    if (failedTests.length === 0 && suite.status === 'failed') return [`${where}: did not run`];
    return failedTests.map((t) => `${where}: ${t.fullName ?? t.title}`);
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
};

/** The unexpected results of a Playwright JSON report, named by file, project and title. */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failures.push(
            `${spec.file}:${spec.line} [${test.projectName}] ${[...titles, spec.title].join(' › ')}`,
          );
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return failures;
}

let services;
async function getServices() {
  if (services) return services;
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  services = { postgres, redis };
  return services;
}

const npx = (bin) => join(root, 'node_modules', '.bin', bin);

let built;
/** The production build of every package, once per run (the e2e stage's). */
const buildOnce = () =>
  (built ??= run('npm', ['run', 'build'], { env: { NODE_ENV: 'production' } }));

/** A stage that is one script: passes when the script exits 0; a failure keeps its last lines. */
async function scriptStage(name, script, args = []) {
  const log = join(reports, `${basename(script, '.mjs')}.log`);
  // tee through a shell's pipe, not Node's: Node pipes are sockets, and tools the scripts run
  // (nginx -t) cannot open /dev/stdout on a socket.
  const code = await run(
    'bash',
    ['-o', 'pipefail', '-c', 'node "$0" "$@" 2>&1 | tee "$STAGE_LOG"', script, ...args],
    { env: { STAGE_LOG: log } },
  );
  const tail = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .slice(-FAILURE_LINES)
    : [];
  record(name, code, {
    passed: code ? 0 : 1,
    failed: code ? 1 : 0,
    // A script has no report naming what failed: CI's tail gets the script's own last words.
    failures: code ? tail.map((line) => line.slice(0, 200)) : [],
  });
}

const stageRunners = {
  async install() {
    const out = join(reports, 'tooling.tap');
    const tooling = await run('node', [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${out}`,
      'scripts/tooling.test.mjs',
      'scripts/file-names.test.mjs',
    ]);
    const tap = existsSync(out) ? readFileSync(out, 'utf8') : '';
    const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
    record('install, nginx and image tooling (node --test)', tooling, {
      passed: count('pass'),
      failed: count('fail'),
    });
    await scriptStage('install: npm ci accepts the lock on every platform', 'scripts/lock.mjs', [
      '--check',
    ]);
    await scriptStage(
      'install: npm audit --omit=dev: no unwaived high or critical advisory (where the endpoint answers)',
      'scripts/audit.mjs',
    );
  },

  nginx: () =>
    scriptStage(
      'deploy/nginx.conf passes nginx -t, alone and with nginx-tls.conf',
      'scripts/nginx-check.mjs',
    ),

  // deploy/monitoring: alert rules, their unit tests, the example config and the dashboard's
  // queries through Debian's promtool.
  monitoring: () =>
    scriptStage(
      'monitoring: alert rules and dashboard checked and unit-tested by promtool',
      'scripts/monitoring-check.mjs',
    ),

  // docker-compose.yml brought up by podman-compose on the images the image stage built (built
  // here when missing), checked against the containers (docs/adr/0048-real-containers.md).
  compose: () =>
    scriptStage(
      'compose: docker-compose.yml up with podman-compose, checked against the containers',
      'scripts/containers/compose-check.mjs',
    ),

  // A throwaway feature from `nx g @diaspora/tools:feature` in a scratch copy, through lint,
  // typecheck, its API e2e, units and browser journey: the generator cannot rot (docs/adr/0042).
  generator: () =>
    scriptStage(
      'generator: a generated feature passes lint, typecheck and its tests (scratch copy)',
      'scripts/feature-generator-check.mjs',
    ),

  // README's first command, run as a user runs it (it builds through nx, cached after e2e's build).
  start: () => scriptStage('start: npm start run twice, Ctrl-C between', 'scripts/start-check.mjs'),

  // Every Dockerfile target built with Podman from a clean export of HEAD, on base images made
  // here when no registry answers; the production image run read-only as its non-root user.
  image: () =>
    scriptStage(
      'image: every Dockerfile target built with Podman, the production image checked',
      'scripts/containers/image-check.mjs',
    ),

  async lint() {
    const eslint = await run(npx('eslint'), ['.', '--max-warnings=0']);
    const prettier = await run(npx('prettier'), ['--check', '.', '--log-level=warn']);
    record('lint (eslint + prettier)', eslint || prettier, {
      passed: 2 - (eslint ? 1 : 0) - (prettier ? 1 : 0),
      failed: (eslint ? 1 : 0) + (prettier ? 1 : 0),
    });
  },

  async typecheck() {
    const code = await run(npx('nx'), ['run-many', '-t', 'typecheck', '--output-style=static']);
    record('typecheck (tsc strict, every package)', code, {
      passed: code ? 0 : 1,
      failed: code ? 1 : 0,
    });
  },

  async 'api-client'() {
    const code = await run('node', ['libs/api-client/scripts/generate.mjs', '--check']);
    record('api-client is up to date with the OpenAPI document', code, {
      passed: code ? 0 : 1,
      failed: code ? 1 : 0,
    });
    // Redocly's recommended rules (redocly.yaml); any error fails the stage.
    const lint = await run(npx('redocly'), ['lint', 'libs/api-client/openapi.json'], {
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    record('OpenAPI document lints clean (Redocly)', lint, {
      passed: lint ? 0 : 1,
      failed: lint ? 1 : 0,
    });
  },

  async backend() {
    const { postgres, redis } = await getServices();
    const out = join(reports, 'backend.json');
    const code = await run(npx('jest'), ['--json', `--outputFile=${out}`, ...extra], {
      cwd: join(root, 'backend'),
      env: {
        NODE_OPTIONS: '--experimental-vm-modules',
        TEST_DATABASE_URL: postgres.url,
        TEST_REDIS_URL: redis.url,
      },
    });
    record('backend unit + API e2e (PostgreSQL, Redis, SMTP)', code, jestCounts(out));
  },

  // StrykerJS over the rule-holding modules: each must kill 80 % of its mutants (docs/adr/0041).
  mutation: () =>
    scriptStage(
      'mutation: every rule-holding module kills 80 % of its mutants (StrykerJS)',
      'scripts/mutation.mjs',
    ),

  async fuzz() {
    const { postgres, redis } = await getServices();
    const out = join(reports, 'fuzz.json');
    const code = await run(npx('jest'), ['--json', `--outputFile=${out}`, ...extra], {
      cwd: join(root, 'backend'),
      env: {
        NODE_OPTIONS: '--experimental-vm-modules',
        JEST_FUZZ: '1',
        TEST_DATABASE_URL: postgres.url,
        TEST_REDIS_URL: redis.url,
      },
    });
    record('fuzz: every OpenAPI operation, 10,000+ requests, no 5xx', code, jestCounts(out));
  },

  async smoke() {
    const out = join(reports, 'smoke.json');
    const code = await run(npx('jest'), ['--json', `--outputFile=${out}`], {
      cwd: join(root, 'backend'),
      env: { NODE_OPTIONS: '--experimental-vm-modules', JEST_SMOKE: '1' },
    });
    record('embedded PGlite smoke', code, jestCounts(out));
  },

  async frontend() {
    for (const pkg of FRONTEND) {
      const dir = join(root, pkg);
      if (!existsSync(join(dir, 'package.json'))) continue;
      const out = join(reports, `vitest-${pkg.replace(/\//g, '-')}.json`);
      const code = await run(
        npx('vitest'),
        [
          'run',
          '--passWithNoTests',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
        ],
        { cwd: dir },
      );
      record(`front end unit: ${pkg}`, code, jestCounts(out));
    }
  },

  async e2e() {
    const build = await buildOnce();
    if (build !== 0) return record('build for browser e2e', build);
    const { postgres, redis } = await getServices();
    const port = await freePort();
    const databaseUrl = await createDatabase(postgres.url, 'e2e_platform');
    const dataDir = join(root, 'tmp', 'e2e-data');
    rmSync(dataDir, { recursive: true, force: true });
    const admin = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-e2e-pass' };
    // The standalone admin console's origin (served below), which the API must admit.
    const consolePort = await freePort();
    const consoleOrigin = `http://localhost:${consolePort}`;
    // A real OpenID Provider on a local port (issue 37): the platform offers "Continue with Test ID";
    // the browser signs in through it at the platform's PUBLIC_URL origin (localhost).
    const oidc = await startOidcProvider([
      `http://localhost:${port}/api/auth/oidc/testid/callback`,
    ]);
    if (!oidc) return record('browser e2e: the OpenID provider did not start', 1);
    const server = spawn('node', ['backend/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...admin,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: 'e2e',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN: '10000',
        RATE_LIMIT_REGISTER: '10000',
        RATE_LIMIT_WRITES: '100000',
        RATE_LIMIT_UPLOADS: '100000',
        ...JOURNEYS_UNSHED,
        CORS_ORIGINS: consoleOrigin,
        OIDC_PROVIDERS: 'testid',
        OIDC_TESTID_ISSUER: oidc.issuer,
        OIDC_TESTID_CLIENT_ID: oidc.clientId,
        OIDC_TESTID_CLIENT_SECRET: oidc.clientSecret,
        OIDC_TESTID_NAME: 'Test ID',
      },
    });
    cleanups.push(() => stopProcess(server));
    const baseUrl = `http://127.0.0.1:${port}`;
    const up = await waitForHealth(baseUrl, 60000);
    if (!up) return record('browser e2e: platform did not start', 1);
    let standalone;
    try {
      standalone = await serveStandaloneConsole({ root, apiOrigin: baseUrl, port: consolePort });
    } catch (error) {
      console.error(error.message);
      return record('browser e2e: the standalone console did not start', 1);
    }
    cleanups.push(() => standalone.stop());
    // A second platform on the same database whose email goes to a real SMTP sink, so the
    // browser can see the contact form's "sent" status (the main one has no SMTP_URL).
    const mail = await startMailPlatform({ ...admin, DATABASE_URL: databaseUrl }, redis.url);
    // The spec that needs it skips only when Playwright runs outside this runner, never here.
    if (!mail) return record('browser e2e: the platform with an SMTP sink did not start', 1);
    const out = join(reports, 'e2e.json');
    const code = await run(npx('playwright'), ['test', '--reporter=list,json', ...extra], {
      cwd: join(root, 'e2e'),
      env: {
        ...admin,
        BASE_URL: baseUrl,
        CONSOLE_URL: standalone.url,
        MAIL_BASE_URL: mail.baseUrl,
        // What the sink received (a reset link's email), and the database fixtures verify emails in.
        MAIL_SINK_URL: mail.sinkUrl,
        E2E_DATABASE_URL: databaseUrl,
        PLAYWRIGHT_JSON_OUTPUT_FILE: out,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      },
    });
    const report = readJson(out);
    const stats = report?.stats;
    record(
      'browser e2e (Chromium; core journeys in Firefox ESR too)',
      code,
      stats && {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        failures: playwrightFailures(report),
      },
    );
    // A guest's first pages (/, /events, /news, /login): JavaScript on the wire within the budget,
    // React DOM once, nothing twice, no admin code, no error thrown (issues 14 and 37).
    const firstPage = await run('node', ['bench/first-page-js.mjs'], {
      env: { BASE_URL: baseUrl, FIRST_PAGE_JS_BUDGET_KB },
    });
    record('first page JavaScript budget', firstPage, {
      passed: firstPage ? 0 : 1,
      failed: firstPage ? 1 : 0,
    });
  },
};

/**
 * Starts an SMTP sink and a platform sending to it; resolves to the platform's URL and the sink's
 * (GET it for the received messages as JSON), or undefined if it fails.
 */
async function startMailPlatform(env, redisUrl) {
  const { SMTPServer } = createRequire(join(root, 'backend', 'package.json'))('smtp-server');
  const received = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        received.push({ to, subject, raw });
        callback();
      });
    },
  });
  const sinkHttp = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(received));
  });
  const sinkPort = await freePort();
  await new Promise((resolveListen) => sinkHttp.listen(sinkPort, '127.0.0.1', resolveListen));
  cleanups.push(() => sinkHttp.close());
  const smtpPort = await freePort();
  await new Promise((resolveListen) => sink.listen(smtpPort, '127.0.0.1', resolveListen));
  cleanups.push(() => sink.close());
  const port = await freePort();
  const dataDir = join(root, 'tmp', 'e2e-mail-data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('node', ['backend/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: 'e2e-mail',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...JOURNEYS_UNSHED,
    },
  });
  cleanups.push(() => stopProcess(server));
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!(await waitForHealth(baseUrl, 60000))) return undefined;
  return { baseUrl, sinkUrl: `http://127.0.0.1:${sinkPort}` };
}

/**
 * Stops a platform and waits for it, so it shuts down before its Redis and PostgreSQL do (a
 * platform still closing its queues when Redis dies reconnects forever); SIGKILL after 10 s.
 */
function stopProcess(child, graceMs = 10000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  mkdirSync(reports, { recursive: true });
  const started = Date.now();
  try {
    for (const stage of ALL.filter((s) => selected.includes(s))) {
      await stageRunners[stage]();
    }
  } finally {
    await runCleanups(cleanups);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log('Summary');
  for (const r of results) {
    console.log(
      `  ${r.code === 0 ? 'ok    ' : 'FAILED'} ${r.name}: ${r.passed} passed, ${r.failed} failed`,
    );
    // CI shows the output's tail only: the failed tests' names belong there, under their stage.
    for (const failure of r.failures.slice(0, FAILURE_LINES))
      console.log(`           ✗ ${failure}`);
  }
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.some((r) => r.code !== 0) || failed > 0 ? 1 : 0);
}

process.on('SIGINT', () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // best effort
    }
  }
  process.exit(130);
});

main();

/** backend/test/support/oidc-provider.mjs on a free port: its issuer and client, or undefined. */
async function startOidcProvider(redirectUris) {
  const child = spawn(
    'node',
    [join(root, 'backend/test/support/oidc-provider.mjs'), ...redirectUris],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => stopProcess(child));
  const line = await new Promise((resolve) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.once('exit', () => resolve(undefined));
  });
  try {
    return line ? JSON.parse(line) : undefined;
  } catch {
    return undefined;
  }
}
