#!/usr/bin/env node
// Loads a guest's first pages in Chromium (each in a fresh context, nothing cached) and reports the
// JavaScript each downloads as Lighthouse counts it: bytes on the wire, response headers included
// (CDP's Network.loadingFinished encodedDataLength, Lighthouse's transferSize), beside the headers'
// share, raw and gzip sizes. Fails when a page's bytes on the wire are over the budget, when React
// DOM loads more than once, when a file is downloaded twice (same URL, or the same content under
// two URLs; files under 1 KB are only noted), or when any admin console code is fetched.
// Usage: node bench/first-page-js.mjs [--json] [/path ...]   (default /, /events, /news, /login;
// BASE_URL to use a running platform, else the built platform is started on PGlite;
// FIRST_PAGE_JS_BUDGET_KB, default 150)
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startPlatform } from './platform.mjs';

const { values, positionals } = parseArgs({
  options: { json: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const asJson = values.json;
const paths = positionals.length ? positionals : ['/', '/events', '/news', '/login'];
const budgetKb = Number(process.env.FIRST_PAGE_JS_BUDGET_KB ?? 150);
const DUPLICATE_MIN_BYTES = 1024;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A script the page's own target does not report (a dedicated worker's, fetched for the worker's
 * target): fetched again over HTTP/1.1 as the browser asked for it, its status line, headers and
 * body counted as they cross the wire.
 */
function onTheWire(url, requestHeaders) {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { headers: { 'accept-encoding': requestHeaders['accept-encoding'] ?? 'gzip, deflate, br' } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let headers =
            `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
          }
          const encoded = Buffer.concat(chunks);
          resolve({
            headers,
            sent: headers + encoded.length,
            encoding: res.headers['content-encoding'] ?? 'none',
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The scripts a guest's first load of `url` downloads, each with its body and bytes on the wire. */
async function scriptsOf(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const wire = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script') return;
      wire.set(requestId, {
        url: response.url,
        // What had arrived when the response began: its status line and headers.
        headers: response.encodedDataLength,
        encoding:
          response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'none',
      });
    });
    const finished = [];
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const script = wire.get(requestId);
      if (!script) return;
      script.sent = encodedDataLength;
      finished.push(
        cdp
          .send('Network.getResponseBody', { requestId })
          .then(({ body, base64Encoded }) => {
            script.body = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          })
          .catch(() => undefined),
      );
    });
    // A page that throws measures a page that does not work (a chunk split that breaks the order).
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const requested = [];
    const playwrightScripts = [];
    page.on('request', (request) => {
      requested.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'script') playwrightScripts.push(request);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(finished);
    const scripts = [...wire.values()].filter((script) => script.sent !== undefined);
    // Scripts the page's target did not report (workers'): counted by fetching them again.
    const seen = new Set(scripts.map((script) => script.url));
    for (const request of playwrightScripts) {
      if (seen.has(request.url())) continue;
      seen.add(request.url());
      const measured = await onTheWire(request.url(), await request.allHeaders());
      const body = Buffer.from(await (await fetch(request.url())).arrayBuffer());
      scripts.push({ url: request.url(), ...measured, body });
    }
    for (const script of scripts) {
      script.body ??= Buffer.from(await (await fetch(script.url)).arrayBuffer());
    }
    return { scripts, requested, errors };
  } finally {
    await context.close();
  }
}

/** The report of one page, and the problems found on it. */
function reportOf(url, { scripts, requested, errors }) {
  const problems = [];
  // React DOM's renderer registers itself under this name exactly once per copy.
  const reactDomChunks = scripts.filter(({ body }) =>
    /rendererPackageName\s*:\s*["'`]react-dom["'`]/.test(body.toString('utf8')),
  );
  const files = scripts
    .map(({ url: fileUrl, body, sent, headers, encoding }) => ({
      path: new URL(fileUrl).pathname,
      sent,
      headers,
      encoding,
      raw: body.length,
      gzip: gzipSync(body).length,
      sha1: createHash('sha1').update(body).digest('hex'),
    }))
    .sort((a, b) => b.sent - a.sent);
  const total = files.reduce(
    (sum, file) => ({
      sent: sum.sent + file.sent,
      headers: sum.headers + file.headers,
      raw: sum.raw + file.raw,
      gzip: sum.gzip + file.gzip,
    }),
    { sent: 0, headers: 0, raw: 0, gzip: 0 },
  );
  const groupBy = (key) => {
    const groups = new Map();
    for (const file of files) groups.set(file[key], [...(groups.get(file[key]) ?? []), file]);
    return groups;
  };
  const twice = [
    ...[...groupBy('path').values()].filter((same) => same.length > 1),
    ...[...groupBy('sha1').values()].filter((same) => new Set(same.map((f) => f.path)).size > 1),
  ];
  // Each build has its own half-kilobyte bundler helper chunk (rolldown-runtime): noted, not failed.
  const describe = (same) => [...new Set(same.map((file) => file.path))].join(' = ');
  const downloadedTwice = twice.filter((same) => same[0].raw >= DUPLICATE_MIN_BYTES).map(describe);
  const smallTwice = twice.filter((same) => same[0].raw < DUPLICATE_MIN_BYTES).map(describe);
  const adminFetched = requested.filter((path) => path.startsWith('/remotes/admin/'));

  const page = new URL(url).pathname;
  if (total.sent > budgetKb * 1024) {
    problems.push(
      `${page}: JavaScript on the wire is ${kb(total.sent)}, over the budget of ${budgetKb} KB`,
    );
  }
  if (reactDomChunks.length !== 1) {
    problems.push(`${page}: React DOM should load once, found ${reactDomChunks.length} copies`);
  }
  for (const same of downloadedTwice) problems.push(`${page}: downloaded twice: ${same}`);
  for (const path of adminFetched)
    problems.push(`${page}: a guest fetched admin console code: ${path}`);
  return {
    url,
    scripts: files.length,
    sentBytes: total.sent,
    headerBytes: total.headers,
    rawBytes: total.raw,
    gzipBytes: total.gzip,
    budgetBytes: budgetKb * 1024,
    reactDomChunks: reactDomChunks.map(({ url: fileUrl }) => new URL(fileUrl).pathname),
    downloadedTwice,
    smallFilesDownloadedTwice: smallTwice,
    adminFetched,
    errors,
    problems,
    files: files.map(({ sha1: _sha1, ...file }) => file),
  };
}

function print(report) {
  console.log(`First page JavaScript for a guest at ${report.url}`);
  console.log(
    `${'sent'.padStart(10)} ${'headers'.padStart(8)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`,
  );
  for (const file of report.files) {
    console.log(
      `${kb(file.sent).padStart(10)} ${String(file.headers).padStart(8)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)}  ${file.encoding.padEnd(4)} ${file.path}`,
    );
  }
  console.log(
    `Total: ${report.scripts} scripts, ${kb(report.sentBytes)} on the wire (budget ${budgetKb} KB), of which ${kb(report.headerBytes)} headers; ${kb(report.rawBytes)} raw, ${kb(report.gzipBytes)} gzip`,
  );
  console.log(`React DOM chunks: ${report.reactDomChunks.length}`);
  for (const small of report.smallFilesDownloadedTwice)
    console.log(`note: small file downloaded twice: ${small}`);
  console.log('');
}

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
try {
  const reports = [];
  for (const path of paths) {
    const url = `${platform.baseUrl}${path}`;
    reports.push(reportOf(url, await scriptsOf(browser, url)));
  }
  if (asJson) console.log(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2));
  else {
    for (const report of reports) print(report);
    for (const report of reports) {
      console.log(
        `${new URL(report.url).pathname.padEnd(8)} ${kb(report.sentBytes).padStart(9)} on the wire in ${report.scripts} scripts (${kb(report.headerBytes)} headers)`,
      );
    }
  }
  const problems = reports.flatMap((report) => report.problems);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exitCode = 1;
} finally {
  await browser.close();
  platform.stop();
}
