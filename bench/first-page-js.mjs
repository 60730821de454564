#!/usr/bin/env node
// Loads / as a guest in Chromium and reports the JavaScript downloaded for the first page
// (raw and gzip bytes), and checks React DOM is loaded once (the federation singletons work).
// Usage: BASE_URL=http://localhost:3000 node bench/first-page-js.mjs [--json]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const asJson = process.argv.includes('--json');

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
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => null),
    );
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter(Boolean);

  // React DOM's renderer registers itself under this name exactly once per copy.
  const reactDomChunks = scripts.filter(({ body }) =>
    /rendererPackageName\s*:\s*["'`]react-dom["'`]/.test(body.toString('utf8')),
  );
  const files = scripts
    .map(({ url, body }) => ({
      path: new URL(url).pathname,
      raw: body.length,
      gzip: gzipSync(body).length,
    }))
    .sort((a, b) => b.raw - a.raw);
  const total = files.reduce(
    (sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }),
    { raw: 0, gzip: 0 },
  );
  const report = {
    url: baseUrl,
    scripts: files.length,
    rawBytes: total.raw,
    gzipBytes: total.gzip,
    reactDomChunks: reactDomChunks.map(({ url }) => new URL(url).pathname),
    files,
  };

  if (asJson) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`First page JavaScript for a guest at ${baseUrl}`);
    for (const file of files) {
      console.log(`  ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)} gz  ${file.path}`);
    }
    console.log(`Total: ${files.length} scripts, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`);
    console.log(`React DOM chunks: ${reactDomChunks.length}`);
  }
  if (reactDomChunks.length !== 1) {
    console.error(`Expected React DOM to load once, found ${reactDomChunks.length} copies`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
