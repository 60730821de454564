#!/usr/bin/env node
// The mutation stage: StrykerJS mutates each rule-holding module of the backend in turn
// (backend/stryker.modules.mjs) and runs that module's unit specs against every mutant; each module
// must kill at least MUTATION_FLOOR % of its mutants (docs/adr/0041-mutation-testing.md).
// Usage: node scripts/mutation.mjs [module name ...] [--report-only]
//   (--report-only reads the last run's reports instead of running Stryker)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const backend = join(root, 'backend');
const { MUTATION_FLOOR, MUTATION_MODULES, reportOf } = await import(
  join(backend, 'stryker.modules.mjs')
);

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's score: detected over detected and undetected (errors and ignored ones do not count). */
function scoreOf(mutants) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const valid = detected + undetected;
  return { detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

function runStryker(module) {
  return new Promise((resolveRun) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'stryker'), ['run'], {
      cwd: backend,
      stdio: 'inherit',
      // As in the backend stage: the specs import() ESM (scripts/services.mjs starts Redis).
      env: {
        ...process.env,
        MUTATION_MODULE: module.name,
        NODE_OPTIONS: '--experimental-vm-modules',
      },
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const names = args.filter((arg) => !arg.startsWith('--'));
const modules = names.length
  ? MUTATION_MODULES.filter((module) => names.includes(module.name))
  : MUTATION_MODULES;
if (modules.length !== (names.length || MUTATION_MODULES.length)) {
  console.error(`modules: ${MUTATION_MODULES.map((m) => `"${m.name}"`).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const results = [];
for (const module of modules) {
  const report = join(backend, reportOf(module.name, 'json'));
  const moduleStarted = Date.now();
  if (!reportOnly) {
    rmSync(report, { force: true });
    await runStryker(module);
  }
  const files = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).files : undefined;
  const mutants = module.files.flatMap((file) => files?.[file]?.mutants ?? []);
  const missing = module.files.filter((file) => !files?.[file]);
  const seconds = Math.round((Date.now() - moduleStarted) / 1000);
  results.push({ module, files, mutants, missing, seconds, ...scoreOf(mutants) });
}

let failed = false;
console.log(`\nMutation score per module (floor ${MUTATION_FLOOR} %):`);
for (const { module, files, mutants, missing, seconds, detected, valid, score } of results) {
  const low = score < MUTATION_FLOOR || missing.length > 0;
  failed ||= low;
  const took = reportOnly ? '' : `, ${seconds} s`;
  console.log(
    `  ${low ? 'BELOW ' : 'ok    '} ${score.toFixed(1).padStart(5)} %  ${module.name} (${detected}/${valid} killed${took})`,
  );
  for (const file of missing) console.log(`           ${file}: not in the report (Stryker failed)`);
  if (!low) continue;
  for (const m of mutants) {
    if (!UNDETECTED.has(m.status)) continue;
    const file = Object.keys(files).find((name) => files[name].mutants.includes(m));
    const where = `${file}:${m.location.start.line}:${m.location.start.column}`;
    const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
    console.log(`           ${m.status} ${m.mutatorName} ${where}: ${replacement}`);
  }
}
console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
