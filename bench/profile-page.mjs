#!/usr/bin/env node
// Where a guest's first page load blocks the main thread (bench/page-trace.mjs): the page loaded
// --runs times, the median blocking and main-thread time by script. Task lengths vary a lot
// between loads on a shared machine: compare medians, or two builds side by side (ab-page.mjs).
// Usage: node bench/profile-page.mjs [--runs 5] [--tasks] [--save trace.json] [/path]
//   --tasks  lists the blocking tasks of each run (time by script, functions by self time)
//   (BASE_URL to use a running platform, as bench/first-page-js.mjs)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyse, launchChromium, runsOf, summarise, trace } from './page-trace.mjs';
import { startPlatform } from './platform.mjs';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    tasks: { type: 'boolean', default: false },
    save: { type: 'string' },
  },
  allowPositionals: true,
});
const [path = '/'] = positionals;
const runs = runsOf(values.runs);

const platform = await startPlatform();
const browser = await launchChromium();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const buffer = await trace(browser, platform.baseUrl, path);
    if (values.save) writeFileSync(values.save, buffer);
    const result = analyse(JSON.parse(buffer.toString('utf8')).traceEvents);
    results.push(result);
    if (values.tasks) console.log(`\nrun ${run + 1}\n${result.detail.join('\n')}`);
  }
} finally {
  await browser.close();
  await platform.stop();
}
console.log(`\n${summarise(results, path)}`);
