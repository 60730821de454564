#!/usr/bin/env node
// Checks deploy/monitoring with Debian's promtool (package `prometheus`): the alert rules parse and
// pass their unit tests (alerts.test.yml), the example prometheus.yml is a valid configuration, every
// Grafana panel's query is valid PromQL, and every metric the rules and the dashboard name is one
// the platform exports (backend/src: Metrics' own, the gauges features register, Node's defaults).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'deploy', 'monitoring');
let failed = false;

function promtool(args, cwd) {
  const result = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  if (result.error) {
    console.error(`promtool not found: apt-get install prometheus (${result.error.message})`);
    process.exit(1);
  }
  process.stdout.write(result.stdout + result.stderr);
  if (result.status !== 0) failed = true;
}

const scratch = mkdtempSync(join(tmpdir(), 'monitoring-check-'));
try {
  promtool(['check', 'rules', 'alerts.yml'], dir);
  promtool(['test', 'rules', 'alerts.test.yml'], dir);

  // The example reads the token from a file beside it; a throwaway one stands in.
  for (const file of ['prometheus.yml', 'alerts.yml'])
    copyFileSync(join(dir, file), join(scratch, file));
  writeFileSync(join(scratch, 'metrics-token'), 'check-token\n');
  promtool(['check', 'config', 'prometheus.yml'], scratch);

  // Each panel's query, as a recording rule, goes through promtool's PromQL parser.
  const dashboard = JSON.parse(readFileSync(join(dir, 'grafana-dashboard.json'), 'utf8'));
  const queries = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
  );
  const rules = {
    groups: [
      {
        name: 'dashboard',
        rules: queries.map((q, i) => ({ record: `dashboard:panel_${i}`, expr: q.expr })),
      },
    ],
  };
  writeFileSync(join(scratch, 'dashboard-queries.yml'), JSON.stringify(rules, null, 2));
  promtool(['check', 'rules', 'dashboard-queries.yml'], scratch);

  // Metric names the platform exports, read from its source.
  const exported = new Set(['up']);
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const [, metric] of text.matchAll(/name: '([a-z_]+)'/g)) exported.add(metric);
        for (const [, metric] of text.matchAll(/gauge\(\s*'([a-z_]+)'/g)) exported.add(metric);
        // A list of gauges registered in a loop: ['name', 'help', figure] tuples.
        for (const [, metric] of text.matchAll(/\[\s*'([a-z]+_[a-z_]+)',\s*'/g))
          exported.add(metric);
      }
    }
  };
  walk(join(root, 'backend', 'src', 'common', 'metrics'));
  walk(join(root, 'backend', 'src', 'modules'));
  const known = (metric) =>
    /^(nodejs|process)_/.test(metric) ||
    exported.has(metric) ||
    exported.has(metric.replace(/_(bucket|count|sum)$/, ''));
  const texts = [readFileSync(join(dir, 'alerts.yml'), 'utf8'), ...queries.map((q) => q.expr)];
  const unknown = new Set();
  for (const text of texts) {
    for (const [, metric] of text.matchAll(/([a-z_][a-z0-9_]*)\{/g)) {
      if (!known(metric)) unknown.add(metric);
    }
  }
  if (unknown.size) {
    console.error(
      `metrics named in deploy/monitoring that the platform does not export: ${[...unknown].join(', ')}`,
    );
    failed = true;
  } else {
    console.log(
      `every metric named in the rules and the ${queries.length} dashboard queries is exported`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
