#!/usr/bin/env node
// Two builds of the front ends side by side (bench/page-trace.mjs): each served by its own platform
// (WEB_DIR: a directory with shell/dist, portal/dist and admin-console/dist), loads alternated
// so that the machine's noise falls on both alike; medians of each.
// Usage: node bench/ab-page.mjs <web dir A> <web dir B> [--runs 7] [/path]
import { parseArgs } from 'node:util';
import { analyse, launchChromium, runsOf, summarise, trace } from './page-trace.mjs';
import { startPlatform } from './platform.mjs';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '7' } },
  allowPositionals: true,
});
const [dirA, dirB, path = '/'] = positionals;
const runs = runsOf(values.runs);
if (!dirA || !dirB)
  throw new Error('usage: ab-page.mjs <web dir A> <web dir B> [--runs N] [/path]');

const platforms = [await startPlatform({ WEB_DIR: dirA }), await startPlatform({ WEB_DIR: dirB })];
const browser = await launchChromium();
const results = [[], []];
try {
  for (let run = 0; run < runs; run++) {
    for (const side of run % 2 ? [1, 0] : [0, 1]) {
      const buffer = await trace(browser, platforms[side].baseUrl, path);
      results[side].push(analyse(JSON.parse(buffer.toString('utf8')).traceEvents));
    }
  }
} finally {
  await browser.close();
  for (const platform of platforms) await platform.stop();
}
console.log(
  `\n${summarise(results[0], `A ${dirA} ${path}`)}\n\n${summarise(results[1], `B ${dirB} ${path}`)}`,
);
