// `docker compose` for docs/operations.md's lines, run by podman-compose 1.0.3 (Debian 12's) in the
// compose stage, so each line runs as a reader types it. What the shim changes is what that
// podman-compose needs, and the README tells Podman users the same:
// - COMPOSE_FILE is read from the environment only, not from .env: exported from .env here;
// - `exec` prints its podman command on stdout, which a redirected backup would hold: exec runs
//   `podman exec -i <project>_<service>_1` itself (what podman-compose runs);
// - `up` does not recreate containers whose configuration changed: `--build` (pick up a change)
//   becomes `--force-recreate`; the stage built the images from this commit already;
// - `profiles` are ignored: a bare `up` names the services that have none.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { containersEnv } from './podman.mjs';

export const PROJECT = 'diaspora-check';

/**
 * Writes `work`/.bin/docker and returns sh(line): a promise of the line run by bash (-euo
 * pipefail) in `work` with that `docker` first on PATH.
 */
export function writeDockerShim(work, compose) {
  const bin = join(work, '.bin');
  mkdirSync(bin, { recursive: true });
  const defaults = Object.entries(compose.services)
    .filter(([, service]) => !service.profiles)
    .map(([name]) => name)
    .join(' ');
  writeFileSync(
    join(bin, 'docker'),
    `#!/bin/sh
set -eu
[ "\${1:-}" = compose ] || { echo "docker: only 'docker compose' here" >&2; exit 2; }
shift
if [ -z "\${COMPOSE_FILE:-}" ] && [ -f .env ]; then
  COMPOSE_FILE=$(sed -n 's/^COMPOSE_FILE=//p' .env | tail -n 1)
  [ -z "$COMPOSE_FILE" ] || export COMPOSE_FILE
fi
case "\${1:-}" in
  exec)
    shift
    while [ "\${1#-}" != "$1" ]; do shift; done
    service=$1
    shift
    exec podman exec -i "${PROJECT}_\${service}_1" "$@" ;;
  up)
    shift
    args="" services=""
    for a in "$@"; do
      case "$a" in
        --build) args="$args --force-recreate" ;;
        -*) args="$args $a" ;;
        *) services="$services $a" ;;
      esac
    done
    exec podman-compose -p ${PROJECT} up $args \${services:-${defaults}} ;;
esac
exec podman-compose -p ${PROJECT} "$@"
`,
  );
  chmodSync(join(bin, 'docker'), 0o755);
  const env = { ...containersEnv(), PATH: `${bin}:${process.env.PATH}` };
  // Run beside the check's event loop, not blocking it: kept-alive sockets the server closes
  // meanwhile are seen closed before the next request would reuse one.
  return (line) =>
    new Promise((resolveLine, reject) => {
      console.log(`$ ${line}`);
      const child = spawn('bash', ['-euo', 'pipefail', '-c', line], {
        cwd: work,
        env,
        stdio: 'inherit',
      });
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0 ? resolveLine() : reject(new Error(`\`${line}\` failed (${code ?? signal})`)),
      );
    });
}
