#!/usr/bin/env node
// Lighthouse (mobile emulation, simulated throttling: its defaults) on the four first pages of a guest.
// Reports the performance score, FCP, LCP, TBT, CLS and the bytes sent (all, and scripts) per page,
// the median of --runs runs. Starts the built platform (PGlite, demo content) unless BASE_URL is set.
// Usage: node bench/lighthouse.mjs [--runs 3] [--json] [--save <dir>] [/path ...]
//   --save  keeps each run's report and trace (<dir>/<page>-<run>.json and .trace.json: long tasks,
//           bootup time; the trace opens in Chrome DevTools) for reading where the blocking time goes
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatform } from './platform.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const saveAt = args.indexOf('--save');
const saveDir = saveAt >= 0 ? args[saveAt + 1] : undefined;
const paths = args.filter(
  (arg, i) => arg.startsWith('/') && args[i - 1] !== '--runs' && args[i - 1] !== '--save',
);
const PAGES = paths.length ? paths : ['/', '/events', '/news', '/login'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytesOf = (type) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    totalBytes: bytesOf('total'),
    scriptBytes: bytesOf('script'),
  };
}

/** One Lighthouse run; a trace lost on a busy machine (NO_NAVSTART and the like) is run again. */
async function audit(path, attempts = 3) {
  const result = await lighthouse(`${platform.baseUrl}${path}`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  const error = result ? result.lhr.runtimeError : { message: 'no result' };
  if (!error) return { lhr: result.lhr, trace: result.artifacts?.Trace };
  if (attempts > 1) return audit(path, attempts - 1);
  throw new Error(`${path}: ${error.message}`);
}

const platform = await startPlatform();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const report = [];
try {
  for (const path of PAGES) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr, trace } = await audit(path);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${run + 1}`;
        writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr));
        if (trace) writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(trace));
      }
      samples.push(summarise(lhr));
    }
    const row = { path };
    for (const key of Object.keys(samples[0])) row[key] = median(samples.map((s) => s[key]));
    row.scores = samples.map((s) => s.score);
    report.push(row);
  }
} finally {
  await chrome.kill();
  platform.stop();
}

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling`,
  );
  console.log('| page | score | FCP | LCP | TBT | CLS | bytes | script bytes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of report) {
    const scores = r.scores.length > 1 ? ` (${r.scores.join(', ')})` : '';
    console.log(
      `| \`${r.path}\` | ${r.score}${scores} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.totalBytes)} | ${kb(r.scriptBytes)} |`,
    );
  }
}
