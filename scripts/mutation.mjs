#!/usr/bin/env node
// The mutation stage: StrykerJS mutates the backend's rule-holding modules (backend/stryker.modules.mjs)
// and runs their unit specs against each mutant; every module must kill at least MUTATION_FLOOR % of
// its mutants, not only all of them together (docs/adr/0041-mutation-testing.md).
// Usage: node scripts/mutation.mjs [--report-only]   (--report-only reads the last run's report)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const backend = join(root, 'backend');
const report = process.env.MUTATION_REPORT ?? join(root, 'tmp', 'mutation', 'mutation.json');
const { MUTATION_FLOOR, MUTATION_MODULES } = await import(join(backend, 'stryker.modules.mjs'));

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's score: detected over detected and undetected (errors and ignored ones do not count). */
export function scoreOf(mutants) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const valid = detected + undetected;
  return { detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

function runStryker() {
  rmSync(report, { force: true });
  return new Promise((resolveRun) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'stryker'), ['run'], {
      cwd: backend,
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

const started = Date.now();
if (!process.argv.includes('--report-only')) await runStryker();
if (!existsSync(report)) {
  console.error(`mutation: no report at ${report}: Stryker did not finish`);
  process.exit(1);
}
const files = JSON.parse(readFileSync(report, 'utf8')).files;
let failed = false;
console.log(`\nMutation score per module (floor ${MUTATION_FLOOR} %):`);
for (const module of MUTATION_MODULES) {
  const mutants = module.files.flatMap((file) => files[file]?.mutants ?? []);
  const missing = module.files.filter((file) => !files[file]);
  const { detected, valid, score } = scoreOf(mutants);
  const low = score < MUTATION_FLOOR || missing.length > 0;
  failed ||= low;
  console.log(
    `  ${low ? 'BELOW ' : 'ok    '} ${score.toFixed(1).padStart(5)} %  ${module.name} (${detected}/${valid} killed)`,
  );
  for (const file of missing) console.log(`           ${file}: not in the report`);
  if (!low) continue;
  for (const file of module.files) {
    for (const m of files[file]?.mutants ?? []) {
      if (!UNDETECTED.has(m.status)) continue;
      const where = `${file}:${m.location.start.line}:${m.location.start.column}`;
      console.log(
        `           ${m.status} ${m.mutatorName} ${where}: ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100)}`,
      );
    }
  }
}
console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
