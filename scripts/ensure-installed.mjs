// Installs the locked dependencies when a fresh clone has none yet (`npm start`, `npm test`).
// Node's own modules only: it runs before anything from node_modules can be imported.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `npm ci` (exactly the lock) unless the workspace's tools are already installed. */
export function ensureInstalled(root) {
  if (existsSync(join(root, 'node_modules', '.bin', 'nx'))) return;
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
