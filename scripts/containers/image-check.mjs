#!/usr/bin/env node
// The `image` stage: the base images (base-images.mjs), every Dockerfile target built with Podman
// from a clean export of HEAD (build-images.mjs), then the production image run as a user runs it:
// as its non-root user, with a read-only root file system, reporting healthy through its own
// HEALTHCHECK and serving the site; and the console target serving the console with the API origin
// it is given. Sizes and build times go to tmp/test-reports/image.json.
// Usage: node scripts/containers/image-check.mjs [--rebuild] (--rebuild: also time a rebuild after
// a source change, for docs/adr/0048-real-containers.md)
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { baseImages } from './base-images.mjs';
import { buildAll, buildTarget, exportCommit, headCommit, root, TARGETS } from './build-images.mjs';
import { podman } from './podman.mjs';
import { fetchSettled } from '../services.mjs';

const [PLATFORM, CONSOLE] = TARGETS.map((t) => t.tag);
/**
 * The production image's ceiling, just above its measured 382 MB so it can only grow on purpose
 * (issue 36's goal: 400 MB; docs/adr/0048-real-containers.md). Of it: the Node base 219 MB, the
 * backend's production dependencies 115 MB, the backend's build 44 MB (PGlite's template 41 MB).
 * Issue 38's traces (+8.6 MB: the OpenTelemetry SDK, OTLP exporter and four instrumentations,
 * loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set) made it 390.8 MB; issue 39's entry tickets
 * (qrcode for the emails' QR images, with pngjs and its CLI's yargs) 394 MB. ADR 0073's production
 * stage, which installs its dependencies rather than copying them (and so holds the workspaces'
 * manifests and the lock), 397.4 MB: the ceiling is issue 36's goal until that is cut back.
 */
const PLATFORM_IMAGE_CEILING_MB = Number(process.env.PLATFORM_IMAGE_CEILING_MB ?? 400);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

function inspect(tag) {
  return JSON.parse(podman(['image', 'inspect', tag]).stdout)[0];
}

/** Polls `probe` each second until it holds; false after `limitMs` or once it throws. */
async function waitFor(what, probe, limitMs) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    try {
      if (await probe()) return true;
    } catch (error) {
      console.log(`${what}: ${error.message}`);
      return false;
    }
    await sleep(1000);
  }
  console.log(`gave up waiting for ${what}`);
  return false;
}

const freePortFor = async () => (await import('../services.mjs')).freePort();

/** A container removed afterwards, whatever happens. */
async function withContainer(name, args, work) {
  podman(['rm', '-f', '-v', name], { check: false });
  podman(['run', '-d', '--name', name, ...args]);
  try {
    return await work(name);
  } finally {
    const logs = podman(['logs', '--tail', '30', name], { check: false });
    if (failures.length) console.log(`--- ${name} log ---\n${logs.stdout}${logs.stderr}`);
    podman(['rm', '-f', '-v', name], { check: false });
  }
}

async function checkPlatform() {
  const image = inspect(PLATFORM);
  const user = image.Config?.User ?? '';
  check(
    user !== '' && user !== 'root' && user !== '0',
    `the image runs as a non-root user (${user})`,
  );
  check(
    Boolean((image.Healthcheck ?? image.Config?.Healthcheck)?.Test?.length),
    'the image has a HEALTHCHECK',
  );
  const commit = headCommit();
  check(
    (image.Config?.Env ?? []).includes(`APP_COMMIT=${commit}`) &&
      image.Config?.Labels?.['org.opencontainers.image.revision'] === commit,
    `the image names its commit (APP_COMMIT and org.opencontainers.image.revision ${commit})`,
  );
  const port = await freePortFor();
  await withContainer(
    'diaspora-image-check',
    [
      '--read-only',
      '--tmpfs',
      '/tmp',
      '-v',
      'diaspora-image-check-data:/data',
      '-p',
      `127.0.0.1:${port}:3000`,
      '-e',
      `JWT_SECRET=${'image-check-secret-'.repeat(3)}`,
      '-e',
      'ADMIN_EMAIL=admin@example.org',
      '-e',
      'ADMIN_PASSWORD=an-image-check-passphrase-2026',
      PLATFORM,
    ],
    async (name) => {
      const running = () =>
        podman(['inspect', name, '--format', '{{.State.Running}}']).stdout.trim() === 'true';
      const healthy = await waitFor(
        'the HEALTHCHECK',
        async () => {
          if (!running()) throw new Error('the container stopped');
          return podman(['healthcheck', 'run', name], { check: false }).status === 0;
        },
        180_000,
      );
      check(healthy, 'its HEALTHCHECK passes on a read-only root file system (embedded database)');
      const uid = podman(['exec', name, 'id', '-u'], { check: false }).stdout.trim();
      check(uid !== '' && uid !== '0', `its process is not root (uid ${uid})`);
      const write = podman(['exec', name, 'sh', '-c', 'touch /app/written'], { check: false });
      check(write.status !== 0, 'its root file system refuses writes');
      const page = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      const html = page ? await page.text() : '';
      check(page?.status === 200 && /<html/i.test(html), 'it serves the home page');
      const login = await fetchSettled(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'admin@example.org',
          password: 'an-image-check-passphrase-2026',
        }),
      });
      check(login?.status === 200, 'the admin from ADMIN_EMAIL signs in');
      const { token } = login?.ok ? await login.json() : {};
      const system = await fetchSettled(`http://127.0.0.1:${port}/api/admin/system`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const replica = system?.ok ? (await system.json()).replica : undefined;
      check(replica?.commit === commit, `the System view reports the commit (${replica?.commit})`);
      // The backend is compiled by SWC, not tsc: its decorators' metadata must make the same
      // document as the one the API client is generated from.
      const served = await fetchSettled(`http://127.0.0.1:${port}/api/docs-json`);
      const committed = JSON.parse(
        readFileSync(join(root, 'libs', 'api-client', 'openapi.json'), 'utf8'),
      );
      check(
        isDeepStrictEqual(served?.ok ? await served.json() : undefined, committed),
        'the OpenAPI document it serves is libs/api-client/openapi.json',
      );
    },
  );
  podman(['volume', 'rm', '-f', 'diaspora-image-check-data'], { check: false });
}

async function checkConsole() {
  const port = await freePortFor();
  const origin = 'https://api.example.org';
  await withContainer(
    'diaspora-console-check',
    ['-p', `127.0.0.1:${port}:80`, '-e', `CONSOLE_API_ORIGIN=${origin}`, CONSOLE],
    async () => {
      const up = await waitFor(
        'the console',
        async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => ({}))).status === 200,
        30_000,
      );
      const page = up ? await fetch(`http://127.0.0.1:${port}/admin/users`) : undefined;
      const html = page ? await page.text() : '';
      check(
        page?.status === 200 && /<html/i.test(html),
        'the console serves its page on any route',
      );
      const csp = page?.headers.get('content-security-policy') ?? '';
      check(csp.includes(`connect-src 'self' ${origin}`), 'its CSP lets it call the API origin');
      const config = up ? await (await fetch(`http://127.0.0.1:${port}/config.js`)).text() : '';
      check(config.includes(`apiOrigin: '${origin}'`), 'its config.js names the API origin');
    },
  );
}

/**
 * What a build context sends with the repository's .dockerignore, as Podman reads it: a context
 * of files a user's checkout may hold, copied whole into a throwaway image and listed.
 */
function checkDockerignore() {
  const context = mkdtempSync(join(tmpdir(), 'dockerignore-'));
  const files = [
    'package.json',
    'backend/src/main.ts',
    'backend/node_modules/x/index.js',
    'node_modules/y/index.js',
    'portal/dist/index.html',
    '.env',
    'data/pglite/base',
    'e2e/test-results/a.png',
    'deploy/certs/privkey.pem',
    'deploy/acme/.well-known/acme-challenge/token',
    'deploy/nginx.conf',
  ];
  const tag = 'localhost/diaspora-dockerignore-check';
  try {
    for (const file of files) {
      mkdirSync(dirname(join(context, file)), { recursive: true });
      writeFileSync(join(context, file), '');
    }
    writeFileSync(join(context, '.dockerignore'), readFileSync(join(root, '.dockerignore')));
    writeFileSync(
      join(context, 'Containerfile'),
      'FROM docker.io/library/node:24-bookworm-slim\nCOPY . /context\n',
    );
    podman([
      'build',
      '--pull=never',
      '-q',
      '-f',
      join(context, 'Containerfile'),
      '-t',
      tag,
      context,
    ]);
    const listed = podman(['run', '--rm', '--entrypoint=', tag, 'find', '/context', '-type', 'f'])
      .stdout.split('\n')
      .map((line) => line.replace('/context/', ''));
    const kept = files.filter((file) => listed.includes(file));
    check(
      JSON.stringify(kept) ===
        JSON.stringify(['package.json', 'backend/src/main.ts', 'deploy/nginx.conf']),
      `.dockerignore keeps dependencies, build output and secrets out of the context (sent: ${kept.join(', ')})`,
    );
  } finally {
    podman(['rmi', '-f', tag], { check: false });
    rmSync(context, { recursive: true, force: true });
  }
}

/** Files a one-line change is made to: the backend's, then a front end's. */
const REBUILD_TAG = 'localhost/diaspora-platform:rebuild-check';
const CHANGED_SOURCES = { backend: 'backend/src/main.ts', frontEnd: 'portal/src/App.tsx' };

/**
 * Seconds to rebuild the default target after a one-line change to each of CHANGED_SOURCES (each
 * build after the one before it, from HEAD's, so each change is new to the layer cache).
 */
function rebuildAfterChange() {
  const context = exportCommit();
  const marker = `// a source change ${Date.now()}`;
  try {
    return Object.fromEntries(
      Object.entries(CHANGED_SOURCES).map(([what, file]) => {
        appendFileSync(join(context, file), `\n${marker}\n`);
        return [what, buildTarget(context, { ...TARGETS[0], tag: REBUILD_TAG })];
      }),
    );
  } finally {
    // Under a tag of its own: the image checked below and used by the compose stage is HEAD's.
    podman(['rmi', '-f', REBUILD_TAG], { check: false });
    rmSync(context, { recursive: true, force: true });
    rmSync(`${context}.npmrc`, { force: true });
  }
}

async function main() {
  const started = Date.now();
  await baseImages();
  const baseSeconds = Math.round((Date.now() - started) / 1000);
  const buildSeconds = buildAll();
  const sizes = Object.fromEntries(
    TARGETS.map(({ tag }) => [tag, Math.round(inspect(tag).Size / 1e5) / 10]),
  );
  const report = { baseSeconds, buildSeconds, sizesMB: sizes };
  if (process.argv.includes('--rebuild')) report.rebuildAfterChangeSeconds = rebuildAfterChange();
  console.log(JSON.stringify(report, null, 2));
  check(
    sizes[PLATFORM] <= PLATFORM_IMAGE_CEILING_MB,
    `the production image is ${sizes[PLATFORM]} MB (ceiling ${PLATFORM_IMAGE_CEILING_MB} MB)`,
  );
  checkDockerignore();
  await checkPlatform();
  await checkConsole();
  report.seconds = Math.round((Date.now() - started) / 1000);
  const reports = join(root, 'tmp', 'test-reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'image.json'), JSON.stringify(report, null, 2));
  console.log(`image stage: ${report.seconds} s, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
