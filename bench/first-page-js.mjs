#!/usr/bin/env node
// Loads a guest's first page in Chromium and reports the JavaScript it downloads: bytes sent
// (compressed, as on the wire), raw and gzip. Fails when the bytes sent are over the budget, when
// React DOM loads more than once, when a file is downloaded twice (same URL, or the same content
// under two URLs; files under 1 KB are only noted), or when any admin console code is fetched.
// Usage: node bench/first-page-js.mjs [--json] [/path]   (BASE_URL to use a running platform;
// without it the built platform is started on PGlite; FIRST_PAGE_JS_BUDGET_KB, default 150)
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startPlatform } from './platform.mjs';

const { values, positionals } = parseArgs({
  options: { json: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const asJson = values.json;
const [path = '/'] = positionals;
const budgetKb = Number(process.env.FIRST_PAGE_JS_BUDGET_KB ?? 150);
const DUPLICATE_MIN_BYTES = 1024;

const platform = await startPlatform();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const problems = [];
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      Promise.all([request.response(), request.sizes()])
        .then(async ([response, sizes]) => ({
          url: request.url(),
          // A worker's target is gone once it closes itself (the Intl warm-up): read it again.
          body: await response
            .body()
            .catch(async () => Buffer.from(await (await fetch(request.url())).arrayBuffer())),
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        }))
        .catch(() => null),
    );
  });
  await page.goto(`${platform.baseUrl}${path}`, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter(Boolean);

  // React DOM's renderer registers itself under this name exactly once per copy.
  const reactDomChunks = scripts.filter(({ body }) =>
    /rendererPackageName\s*:\s*["'`]react-dom["'`]/.test(body.toString('utf8')),
  );
  const files = scripts
    .map(({ url, body, sent, encoding }) => {
      const gzip = gzipSync(body).length;
      return {
        path: new URL(url).pathname,
        // Chromium reports no size for a worker's script: counted as its gzip size.
        sent: sent || Math.min(gzip, body.length),
        encoding,
        raw: body.length,
        gzip,
        sha1: createHash('sha1').update(body).digest('hex'),
      };
    })
    .sort((a, b) => b.sent - a.sent);
  const total = files.reduce(
    (sum, file) => ({
      sent: sum.sent + file.sent,
      raw: sum.raw + file.raw,
      gzip: sum.gzip + file.gzip,
    }),
    { sent: 0, raw: 0, gzip: 0 },
  );
  const groupBy = (key) => {
    const groups = new Map();
    for (const file of files) groups.set(file[key], [...(groups.get(file[key]) ?? []), file]);
    return groups;
  };
  const byPath = groupBy('path');
  const byContent = groupBy('sha1');
  const twice = [
    ...[...byPath.values()].filter((same) => same.length > 1),
    ...[...byContent.values()].filter((same) => new Set(same.map((f) => f.path)).size > 1),
  ];
  // Each build has its own half-kilobyte bundler helper chunk (rolldown-runtime): noted, not failed.
  const describe = (same) => [...new Set(same.map((file) => file.path))].join(' = ');
  const downloadedTwice = twice.filter((same) => same[0].raw >= DUPLICATE_MIN_BYTES).map(describe);
  const smallTwice = twice.filter((same) => same[0].raw < DUPLICATE_MIN_BYTES).map(describe);
  const adminFetched = requested.filter((url) => url.startsWith('/remotes/admin/'));

  if (total.sent > budgetKb * 1024) {
    problems.push(`JavaScript sent is ${kb(total.sent)}, over the budget of ${budgetKb} KB`);
  }
  if (reactDomChunks.length !== 1) {
    problems.push(`React DOM should load once, found ${reactDomChunks.length} copies`);
  }
  for (const twice of downloadedTwice) problems.push(`downloaded twice: ${twice}`);
  for (const url of adminFetched) problems.push(`a guest fetched admin console code: ${url}`);

  const report = {
    url: `${platform.baseUrl}${path}`,
    scripts: files.length,
    sentBytes: total.sent,
    rawBytes: total.raw,
    gzipBytes: total.gzip,
    budgetBytes: budgetKb * 1024,
    reactDomChunks: reactDomChunks.map(({ url }) => new URL(url).pathname),
    downloadedTwice,
    smallFilesDownloadedTwice: smallTwice,
    adminFetched,
    problems,
    files: files.map(({ sha1: _sha1, ...file }) => file),
  };
  if (asJson) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`First page JavaScript for a guest at ${report.url}`);
    console.log(`${'sent'.padStart(10)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
    for (const file of files) {
      console.log(
        `${kb(file.sent).padStart(10)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)}  ${file.encoding.padEnd(4)} ${file.path}`,
      );
    }
    console.log(
      `Total: ${files.length} scripts, ${kb(total.sent)} sent (budget ${budgetKb} KB), ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
    );
    console.log(`React DOM chunks: ${reactDomChunks.length}`);
    for (const small of smallTwice) console.log(`note: small file downloaded twice: ${small}`);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exitCode = 1;
} finally {
  await browser.close();
  platform.stop();
}
