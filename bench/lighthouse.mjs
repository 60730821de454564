#!/usr/bin/env node
// Lighthouse (mobile emulation, simulated throttling: its defaults) on the four first pages of a guest.
// Reports the performance score, FCP, LCP, TBT, CLS and the bytes sent (all, and scripts) per page,
// the median of --runs runs. Starts the built platform (PGlite, demo content) unless BASE_URL is set.
// Usage: node bench/lighthouse.mjs [--runs 3] [--json] [/path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatform } from './platform.mjs';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const paths = args.filter((arg, i) => arg.startsWith('/') && args[i - 1] !== '--runs');
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
      const result = await lighthouse(`${platform.baseUrl}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      samples.push(summarise(result.lhr));
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
