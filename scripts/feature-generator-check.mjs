#!/usr/bin/env node
// The `generator` stage of `npm test`: the feature generator cannot rot. In a scratch copy of this
// working tree (its files copied, node_modules hard-linked), `nx g @diaspora/tools:feature` makes
// a throwaway feature, then the copy runs what a newcomer's feature must pass: lint and
// typecheck, the API client's check, the generated API e2e suite with the registrations spec,
// the front-end units that check texts, page lists and the new screens, and its browser journey.
// Usage: node scripts/feature-generator-check.mjs [--keep] [--no-browser]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const browser = !process.argv.includes('--no-browser');
const FEATURE = 'job-board';
/** The generated feature's i18n namespace and front-end folder name. */
const NAMESPACE = 'jobBoard';
/** The generated journey, and the walks over the pages and console tabs the feature joined. */
const WALKS = [
  'a member posts',
  "a guest's pages pass axe",
  "the admin console's tabs pass axe",
  'the main pages read in Amharic',
  'the admin console reads in Amharic',
].join('|');

/** Runs a command to its end, its output shown; resolves to its exit code. */
function run(command, args, cwd, env = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

/** The working tree's files (tracked and untracked, ignored ones left out) that exist. */
function workingTreeFiles() {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((file) => file && existsSync(join(root, file)));
}

/** Every node_modules folder of the workspace (the root's and each package's). */
function nodeModulesFolders() {
  const found = ['node_modules'];
  const walk = (dir, depth) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') {
        continue;
      }
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (existsSync(join(root, path, 'node_modules'))) found.push(`${path}/node_modules`);
      if (depth > 0) walk(path, depth - 1);
    }
  };
  walk('', 1);
  return found;
}

/**
 * The scratch copy: files copied (so edits there never reach this tree), node_modules hard-linked
 * (cheap, and read-only in practice), without the tools' caches, which are written in place.
 */
async function makeScratchCopy() {
  const scratch = mkdtempSync(join(tmpdir(), 'feature-generator-'));
  const files = workingTreeFiles();
  const tar = spawnSync(
    'sh',
    ['-c', `tar -C "${root}" --null -T - -cf - | tar -C "${scratch}" -xf -`],
    { input: files.join('\0'), stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (tar.status !== 0) throw new Error('copying the working tree failed');
  for (const folder of nodeModulesFolders()) {
    const code = await run('cp', ['-al', join(root, folder), join(scratch, folder)], root);
    if (code !== 0) throw new Error(`hard-linking ${folder} failed`);
    for (const cache of ['.vite', '.vitest', '.cache']) {
      rmSync(join(scratch, folder, cache), { recursive: true, force: true });
    }
  }
  return scratch;
}

const steps = [];
async function step(name, command, args, cwd, env = {}) {
  const started = Date.now();
  console.log(`\n-- generator: ${name}`);
  const code = await run(command, args, cwd, env);
  const seconds = Math.round((Date.now() - started) / 1000);
  steps.push({ name, code, seconds });
  console.log(`-- generator: ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  return code;
}

async function main() {
  const started = Date.now();
  // The edit helpers and the generator on an in-memory tree of this repository (no disk writes).
  await step(
    'unit tests of the generator (node --test)',
    'node',
    ['--test', 'tools/src/feature/edits.test.js', 'tools/src/feature/generator.test.js'],
    root,
  );
  const scratch = await makeScratchCopy();
  console.log(`scratch copy: ${scratch} (${Math.round((Date.now() - started) / 1000)} s)`);
  const bin = (name) => join(scratch, 'node_modules', '.bin', name);
  try {
    const generated = await step(
      `nx g @diaspora/tools:feature ${FEATURE} (with db:generate and api:generate)`,
      bin('nx'),
      ['g', '@diaspora/tools:feature', FEATURE, '--no-interactive'],
      scratch,
    );
    if (generated !== 0) return;
    const migration = readdirSync(join(scratch, 'backend', 'drizzle')).find((file) =>
      file.endsWith(`_${FEATURE.replace(/-/g, '_')}_posts.sql`),
    );
    steps.push({ name: 'a migration creates the table', code: migration ? 0 : 1, seconds: 0 });
    await step(
      'lint, typecheck, api-client, API e2e + registrations (scripts/test.mjs in the copy)',
      'node',
      [
        'scripts/test.mjs',
        'lint',
        'typecheck',
        'api-client',
        'backend',
        '--',
        `test/${FEATURE}.e2e-spec.ts`,
        'src/registrations.spec.ts',
      ],
      scratch,
    );
    await step(
      'front-end units: texts and error codes (libs/i18n)',
      bin('vitest'),
      ['run'],
      join(scratch, 'libs/i18n'),
    );
    await step(
      'front-end units: the page and the route lists (portal)',
      bin('vitest'),
      ['run', `src/features/${NAMESPACE}`, 'src/routing'],
      join(scratch, 'portal'),
    );
    await step(
      'front-end units: the tab and the dashboard (admin-console)',
      bin('vitest'),
      ['run', `src/features/${NAMESPACE}`, 'src/features/dashboard', 'src/App.test.tsx'],
      join(scratch, 'admin-console'),
    );
    if (browser) {
      await step(
        'browser e2e: its journey, and the axe and Amharic walks it joined (scripts/test.mjs e2e)',
        'node',
        [
          'scripts/test.mjs',
          'e2e',
          '--',
          `tests/${FEATURE}.spec.ts`,
          'tests/accessibility.spec.ts',
          'tests/amharic.spec.ts',
          '--grep',
          WALKS,
        ],
        scratch,
        // Its route joins the first page's route table (a real feature raises the ceiling).
        { FIRST_PAGE_JS_ALLOWANCE_KB: '0.5' },
      );
    }
  } finally {
    if (keep) console.log(`kept the scratch copy: ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  steps.push({ name: 'the check itself', code: 1, seconds: 0 });
}
console.log('\nfeature generator check');
for (const s of steps)
  console.log(`  ${s.code === 0 ? 'ok    ' : 'FAILED'} ${s.name} (${s.seconds} s)`);
const failed = steps.some((s) => s.code !== 0);
process.exit(failed ? 1 : 0);
