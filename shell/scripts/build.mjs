#!/usr/bin/env node
// `vite build`, then a check of the federation plugin's output: under heavy load
// @module-federation/vite sometimes marks shared modules the shell uses as not to be provided
// (`materialize: false` in its localSharedImportMap), and every federated page then fails with
// React error #130. The check rebuilds when that happens, and fails the build if it persists,
// so a broken bundle is never served or cached.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unmaterializedShares } from './federation-check.mjs';

const shell = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vite = join(shell, 'node_modules', '.bin', 'vite');
const viteBin = readdirSync(join(shell, 'node_modules', '.bin')).includes('vite')
  ? vite
  : join(shell, '..', 'node_modules', '.bin', 'vite');
const ATTEMPTS = 3;

for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
  const build = spawnSync(viteBin, ['build', ...process.argv.slice(2)], {
    cwd: shell,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const missing = unmaterializedShares(join(shell, 'dist', 'assets'));
  if (missing.length === 0) process.exit(0);
  console.error(
    `shell build ${attempt}/${ATTEMPTS}: shared modules left unprovided (${missing.join(', ')}); ` +
      (attempt < ATTEMPTS ? 'building again' : 'giving up'),
  );
}
process.exit(1);
