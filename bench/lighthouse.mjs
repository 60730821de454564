#!/usr/bin/env node
// Lighthouse (mobile emulation, simulated throttling: its defaults) on the four first pages of a guest.
// Reports the performance score, FCP, LCP, TBT, CLS and the bytes sent (all, and scripts) per page,
// the median of --runs runs. Starts the built platform (PGlite, demo content) unless BASE_URL is set.
// Usage: node bench/lighthouse.mjs [--runs 3] [--json] [--save <dir>] [--against <web dir>] [/path ...]
//   --against  also measures another build of the front ends (a directory with shell/dist,
//              portal/dist and admin-console/dist, served as WEB_DIR by a second platform), its
//              runs alternated with this build's so the machine's noise falls on both alike
//   --save  keeps each run's report and trace (<dir>/<page>-<run>.json and .trace.json: long tasks,
//           bootup time; the trace opens in Chrome DevTools) for reading where the blocking time goes
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, runsOf } from './page-trace.mjs';
import { startPlatform } from './platform.mjs';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    save: { type: 'string' },
    against: { type: 'string' },
  },
  allowPositionals: true,
});
const asJson = values.json;
const runs = runsOf(values.runs);
const saveDir = values.save;
const againstDir = values.against;
const PAGES = positionals.length ? positionals : ['/', '/events', '/news', '/login'];

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
async function audit(baseUrl, path, attempts = 3) {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  const error = result ? result.lhr.runtimeError : { message: 'no result' };
  if (!error) return { lhr: result.lhr, trace: result.artifacts?.Trace };
  if (attempts > 1) return audit(baseUrl, path, attempts - 1);
  throw new Error(`${path}: ${error.message}`);
}

// This build, and the other one to compare it with (--against), each on a platform of its own.
const builds = [{ label: 'this build', platform: await startPlatform() }];
if (againstDir) {
  builds.unshift({ label: againstDir, platform: await startPlatform({ WEB_DIR: againstDir }) });
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const reports = builds.map(() => []);
try {
  for (const path of PAGES) {
    const samples = builds.map(() => []);
    for (let run = 0; run < runs; run += 1) {
      // Alternated: on odd runs the builds go in the other order.
      const order = builds.map((_, i) => i);
      if (run % 2) order.reverse();
      for (const side of order) {
        const { lhr, trace } = await audit(builds[side].platform.baseUrl, path);
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const page = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
          const name = `${builds.length > 1 ? `${side}-` : ''}${page}-${run + 1}`;
          writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr));
          if (trace) writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(trace));
        }
        samples[side].push(summarise(lhr));
      }
    }
    builds.forEach((_, side) => {
      const row = { path };
      for (const key of Object.keys(samples[side][0])) {
        row[key] = median(samples[side].map((s) => s[key]));
      }
      row.scores = samples[side].map((s) => s.score);
      reports[side].push(row);
    });
  }
} finally {
  await chrome.kill();
  for (const { platform } of builds) platform.stop();
}

if (asJson) {
  const byBuild = builds.map(({ label }, side) => ({ build: label, pages: reports[side] }));
  console.log(JSON.stringify(againstDir ? byBuild : reports[0], null, 2));
} else {
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  builds.forEach(({ label }, side) => {
    console.log(
      `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling` +
        (againstDir ? `: ${label}` : ''),
    );
    console.log('| page | score | FCP | LCP | TBT | CLS | bytes | script bytes |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of reports[side]) {
      const scores = r.scores.length > 1 ? ` (${r.scores.join(', ')})` : '';
      console.log(
        `| \`${r.path}\` | ${r.score}${scores} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.totalBytes)} | ${kb(r.scriptBytes)} |`,
      );
    }
  });
}
