#!/usr/bin/env node
// `vite build`, then a check of the federation plugin's output: under heavy load
// @module-federation/vite sometimes marks shared modules the shell uses as not to be provided
// (`materialize: false` in its localSharedImportMap), and every federated page then fails with
// React error #130. The check rebuilds when that happens, and fails the build if it persists,
// so a broken bundle is never served or cached. A build that fails on the plugin's other race (a
// share's loadShare module written before the package's exports were read: MISSING_EXPORT) is
// run again too. The shell, the portal and the admin console (which provides its shares when
// deployed alone) build with it, each from its own directory; `--outDir` is
// followed where the build is written elsewhere (the standalone console in the browser e2e).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  federationExportRace,
  selfReferencingSharedEntries,
  unmaterializedShares,
} from './federation-check.mjs';

const shell = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The front end being built: npm runs a workspace's script in its own directory.
const project = process.cwd();
const name = basename(project);
// Vite's own flags pass through untouched; only where it writes is read here.
const { values: viteFlags } = parseArgs({
  options: { outDir: { type: 'string', default: 'dist' } },
  strict: false,
  allowPositionals: true,
});
const outDir = resolve(project, String(viteFlags.outDir));
// npm workspaces hoist vite to the root node_modules; a package-local copy wins when there is one.
const viteBin = [project, join(shell, '..')]
  .map((dir) => join(dir, 'node_modules', '.bin', 'vite'))
  .find((bin) => existsSync(bin));
if (!viteBin) throw new Error('vite is not installed: run npm ci');
// Five: the image replay once met the self-referencing race three builds in a row under a full run's load.
const ATTEMPTS = 5;

for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
  const build = spawnSync(viteBin, ['build', ...process.argv.slice(2)], {
    cwd: project,
    stdio: ['inherit', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  if (build.status !== 0) {
    const race = federationExportRace(`${build.stdout}${build.stderr}`);
    if (!race || attempt === ATTEMPTS) process.exit(build.status ?? 1);
    console.error(
      `${name} build ${attempt}/${ATTEMPTS}: the federation plugin's export race; building again`,
    );
    continue;
  }
  const assets = join(outDir, 'assets');
  const missing = [
    ...unmaterializedShares(assets),
    ...selfReferencingSharedEntries(assets).map((file) => `${file} (re-exports its own share)`),
  ];
  if (missing.length === 0) process.exit(0);
  console.error(
    `${name} build ${attempt}/${ATTEMPTS}: shared modules left unprovided (${missing.join(', ')}); ` +
      (attempt < ATTEMPTS ? 'building again' : 'giving up'),
  );
}
process.exit(1);
