// Builds the Dockerfile's targets with Podman from a clean export of the commit (`git archive`),
// as a user's `docker build` sees the repository: the default target (API and worker) as
// diaspora-platform:latest and `console` as diaspora-admin-console:latest, the names
// docker-compose.yml gives them. Layers are cached between runs (Podman's own cache).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { containersEnv } from './podman.mjs';

export const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
export const TARGETS = [
  { target: undefined, tag: 'localhost/diaspora-platform:latest' },
  { target: 'console', tag: 'localhost/diaspora-admin-console:latest' },
];

/** The committed tree (HEAD, or `commit`) in a new folder; the caller removes it. */
export function exportCommit(commit = 'HEAD') {
  const dir = mkdtempSync(join(tmpdir(), 'image-context-'));
  // Modes and times as in any checkout of any commit: Buildah's layer cache compares them with the
  // content, so a commit that leaves the manifests alone keeps the `npm ci` layer.
  const tar = execFileSync('git', ['-c', 'tar.umask=022', 'archive', '--format=tar', commit], {
    cwd: root,
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  execFileSync('find', [dir, '-exec', 'touch', '-h', '-d', '@946684800', '{}', '+']);
  return dir;
}

/** The host's CA bundle, which npm inside a build needs where egress goes through a proxy's CA. */
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';

/**
 * `podman build` of one target in `context`; resolves to the seconds it took. npm inside the build
 * is given the host's CA bundle through a global npmrc mounted for the build only (nothing of
 * it stays in the image).
 */
export function buildTarget(context, { target, tag }, commit) {
  const mounts = [];
  if (existsSync(HOST_CA)) {
    const npmrc = join(context, '..', `${context.split('/').at(-1)}.npmrc`);
    writeFileSync(npmrc, 'cafile=/run/host-ca.crt\n');
    mounts.push('-v', `${HOST_CA}:/run/host-ca.crt:ro`, '-v', `${npmrc}:/usr/local/etc/npmrc:ro`);
  }
  const args = [
    'build',
    '--format=docker',
    '--pull=never',
    '--network=host',
    ...mounts,
    ...(target ? ['--target', target] : []),
    // Which commit the image holds: the compose stage builds again only for another one, and the
    // app reports it (APP_COMMIT, the admin console's System view).
    ...(commit
      ? ['--label', `org.diaspora.commit=${commit}`, '--build-arg', `APP_COMMIT=${commit}`]
      : []),
    '-t',
    tag,
    context,
  ];
  const started = Date.now();
  const result = spawnSync('podman', args, { env: containersEnv(), stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`podman build ${target ?? '(default)'} failed`);
  return Math.round((Date.now() - started) / 100) / 10;
}

/** The commit checked out (HEAD's hash). */
export const headCommit = () =>
  execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

/** Every target from a clean export of HEAD; returns { tag: seconds }. */
export function buildAll() {
  const commit = headCommit();
  const context = exportCommit(commit);
  try {
    return Object.fromEntries(TARGETS.map((t) => [t.tag, buildTarget(context, t, commit)]));
  } finally {
    rmSync(context, { recursive: true, force: true });
    rmSync(`${context}.npmrc`, { force: true });
  }
}
