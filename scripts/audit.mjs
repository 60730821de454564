#!/usr/bin/env node
// `npm run audit` (and CI): `npm audit --omit=dev`, failing on any high or critical advisory that
// docs/audit-waivers.json does not waive with a reason. When the registry's advisory endpoint cannot be
// reached (these machines' registry answers it 405), it says so and exits 0, or 1 with `--required`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING = new Set(['high', 'critical']);

/**
 * What an `npm audit --json` report means: `unreachable` with the reason when npm could not ask the
 * advisory endpoint, else each high or critical advisory as `{ id, package, severity, title, url,
 * waived }`, where `id` is the GHSA id taken from the advisory's URL.
 */
export function auditFindings(report, waivers) {
  if (!report.vulnerabilities) {
    const reason = report.error?.summary || report.message || 'no report';
    return { unreachable: String(reason), findings: [] };
  }
  const seen = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    // `via` holds advisories, or names of packages whose advisories this one inherits.
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !BLOCKING.has(via.severity)) continue;
      const id = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source);
      if (seen.has(id)) continue;
      seen.set(id, {
        id,
        package: via.name,
        severity: via.severity,
        title: via.title,
        url: via.url,
        waived: typeof waivers[id] === 'string' && waivers[id].trim().length > 0,
      });
    }
  }
  return { unreachable: undefined, findings: [...seen.values()] };
}

function main() {
  const required = process.argv.includes('--required');
  const waivers = JSON.parse(readFileSync(join(root, 'docs/audit-waivers.json'), 'utf8'));
  // Bounded: on a machine with no route out, npm's retries would otherwise hold the stage for minutes.
  const npm = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  let report;
  try {
    report = JSON.parse(npm.stdout);
  } catch {
    report = { message: npm.error?.message ?? npm.stderr.trim().split('\n').pop() };
  }
  const { unreachable, findings } = auditFindings(report, waivers);
  if (unreachable) {
    console.log(
      `npm audit: NOT CHECKED, the advisory endpoint cannot be reached (${unreachable}).`,
    );
    process.exit(required ? 1 : 0);
  }
  for (const finding of findings) {
    const state = finding.waived ? `waived: ${waivers[finding.id]}` : 'NOT WAIVED';
    console.log(`${finding.severity} ${finding.package} ${finding.id} ${finding.title} (${state})`);
  }
  const open = findings.filter((finding) => !finding.waived);
  console.log(
    `npm audit --omit=dev: ${findings.length} high or critical advisories, ${open.length} not waived`,
  );
  process.exit(open.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
