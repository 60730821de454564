// Podman as the container stages run it: with this folder's containers.conf (runc, capped limits,
// netavark), which a machine-wide configuration cannot override.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTAINERS_CONF = join(dirname(fileURLToPath(import.meta.url)), 'containers.conf');
export const containersEnv = () => ({ ...process.env, CONTAINERS_CONF });

/**
 * Runs `podman args`; output captured unless `inherit`. Throws on a non-zero exit unless
 * `check: false`. Returns { status, stdout, stderr }.
 */
export function podman(args, { check = true, inherit = false, input, cwd } = {}) {
  const result = spawnSync('podman', args, {
    env: containersEnv(),
    encoding: 'utf8',
    input,
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
  });
  if (check && result.status !== 0) {
    throw new Error(`podman ${args.join(' ')} failed (${result.status}): ${result.stderr ?? ''}`);
  }
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
