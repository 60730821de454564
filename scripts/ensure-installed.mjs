// Installs the locked dependencies when node_modules does not hold them (`npm start`, `npm test`):
// a fresh clone, or a pull that changed package-lock.json. Node's own modules only: it runs before
// anything from node_modules can be imported.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether node_modules holds every package at the version package-lock.json names, read from npm's
 * own record of what it installed (node_modules/.package-lock.json). Optional packages may be
 * missing (another platform's builds).
 */
export function installMatchesLock(root) {
  const record = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(record)) return false;
  const read = (file) => JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
  const locked = read(join(root, 'package-lock.json'));
  const installed = read(record);
  return Object.entries(locked).every(([path, entry]) => {
    if (!path.includes('node_modules/')) return true;
    const found = installed[path];
    if (!found) return Boolean(entry.optional || entry.devOptional);
    return found.version === entry.version;
  });
}

/** `npm ci` (exactly the lock) unless the workspace's packages are already installed as locked. */
export function ensureInstalled(root) {
  if (existsSync(join(root, 'node_modules', '.bin', 'nx')) && installMatchesLock(root)) return;
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
