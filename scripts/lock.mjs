#!/usr/bin/env node
// `npm run lock`: regenerates package-lock.json from every package.json and proves that `npm ci` accepts it.
// `node scripts/lock.mjs --check` (the `install` test stage) only proves it, without changing anything.
//
// npm leaves an optional platform build (e.g. @swc/core-darwin-arm64) out of the lock when the registry
// lacks it at the version picked, and `npm ci` then refuses that lock on every machine. This names each
// such package and the newest version whose every platform build exists, to pin in the root `overrides`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const npm = (args, options = {}) =>
  spawnSync('npm', args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/** Where Node's resolution would find `name` from the package at lock path `from`, or undefined. */
function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('node_modules/');
    base = cut > 0 ? base.slice(0, cut - 1) : '';
  }
}

const nameOf = (path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * Lock entries with dependencies the lock does not list: optional ones are platform builds the registry
 * lacked; `npm ci --dry-run` notices neither kind below the workspaces' own dependencies.
 */
export function findGaps(lock) {
  const packages = lock.packages ?? {};
  const gaps = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
    const missing = Object.keys(wanted).filter((name) => !resolveInLock(packages, path, name));
    if (missing.length === 0) continue;
    const name = entry.name ?? nameOf(path);
    gaps.push({ path, name, version: entry.version, missing });
  }
  return gaps;
}

const view = (spec, field) => {
  try {
    const out = execFileSync('npm', ['view', spec, field, '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(out.toString() || 'null');
  } catch {
    return undefined;
  }
};

const semverParts = (v) => v.split(/[.+-]/).slice(0, 3).map(Number);
const older = (a, b) => {
  const [x, y] = [semverParts(a), semverParts(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
};

/** Newest stable version of `name`, not above `version`, that every one of its platform builds has. */
function newestComplete(name, version, missing) {
  const optional = view(`${name}@${version}`, 'optionalDependencies') ?? {};
  const builds = Object.keys(optional).map((dep) => new Set(view(dep, 'versions') ?? []));
  const candidates = (view(name, 'versions') ?? [])
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && !older(version, v))
    .sort((a, b) => (older(a, b) ? 1 : -1));
  const found = candidates.find((v) => builds.every((set) => set.has(v)));
  return found ?? `none found (missing: ${missing.join(', ')})`;
}

function report(gaps) {
  console.error('\nThe lock lacks platform builds of these packages, so `npm ci` would refuse it:');
  for (const gap of gaps) {
    const suggestion = newestComplete(gap.name, gap.version, gap.missing);
    console.error(
      `  ${gap.name}@${gap.version} (${gap.path}) lacks ${gap.missing.join(', ')}` +
        `\n    newest version with every platform build: ${suggestion}`,
    );
  }
  console.error(
    '\nPin each in the root package.json `overrides` (or the exact version where it is a direct' +
      ' dependency), note why in the root package.json `//` and docs/adr/0011-runtime-and-install.md, and run `npm run lock` again.',
  );
}

/**
 * Drops the lock entries of every package named in the root `overrides`, their optional builds, and
 * every package that depends on one of them: `npm install` keeps a locked version even when an
 * override now excludes it, and re-resolves a missing dependency only below a package it re-resolves.
 */
function forgetOverridden(lockFile) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const packages = lock.packages;
  // An override key may carry a version range (`name@range`); the lock paths carry only the name.
  const names = new Set(Object.keys(readOverrides()).map((key) => key.replace(/(.)@.*$/, '$1')));
  const inTree = (path) => path.includes('node_modules/');
  for (let grew = true; grew;) {
    grew = false;
    for (const [path, entry] of Object.entries(packages)) {
      const deps = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies });
      if (inTree(path) && !names.has(nameOf(path)) && deps.some((n) => names.has(n))) {
        names.add(nameOf(path));
        grew = true;
      }
    }
  }
  for (const [path, entry] of Object.entries(packages)) {
    if (!inTree(path) || !names.has(nameOf(path)) || !packages[path]) continue;
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      const found = resolveInLock(packages, path, dep);
      if (found) delete packages[found];
    }
    delete packages[path];
  }
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
}

const readOverrides = () =>
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).overrides ?? {};

function main() {
  const lockFile = join(root, 'package-lock.json');
  if (!check) {
    forgetOverridden(lockFile);
    const code = npm([
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
    ]);
    if (code !== 0) process.exit(code);
  }
  const gaps = findGaps(JSON.parse(readFileSync(lockFile, 'utf8')));
  if (gaps.length > 0) {
    report(gaps);
    process.exit(1);
  }
  // The same validation `npm ci` does (lock in sync with every package.json, nothing missing), no install.
  const code = npm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (code !== 0) {
    console.error('`npm ci --dry-run` refuses package-lock.json: run `npm run lock`.');
    process.exit(code);
  }
  console.log('package-lock.json: every platform build listed, `npm ci --dry-run` accepts it.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
