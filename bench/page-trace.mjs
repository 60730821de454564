// Traces a guest's first page load in Chromium with the V8 sampler on, and counts the main thread's
// blocking as Lighthouse's simulated throttling would (each task after the first contentful paint,
// 4 × its unthrottled length less 50 ms), with what ran in each task (scripts, and the renderer's
// own events for native work), and the style, layout and paint after FCP. Used by profile-page.mjs and
// ab-page.mjs; bench/lighthouse.mjs's traces carry no samples (a task's length, not its code).
import { chromium } from 'playwright-core';

export const SLOWDOWN = 4; // Lighthouse's mobile CPU multiplier
/** The renderer's trace events for drawing: style, layout, paint and handing the frame over. */
const RENDERING = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
]);

const shortUrl = (url = '') => url.replace(/^https?:\/\/[^/]+/, '');
/** The script a sample ran in, or the native work it names ((program), (garbage collector)). */
const scriptOf = ({ callFrame }) => shortUrl(callFrame.url).slice(0, 90) || callFrame.functionName;
const label = ({ callFrame: { functionName, url, columnNumber } }) =>
  `${functionName || '(anonymous)'} ${shortUrl(url).slice(0, 80)}${url ? `:${columnNumber}` : ''}`;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
export const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(6)}  ${key}`);
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A `--runs` value: a whole number of runs, at least one. */
export function runsOf(text) {
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs wants a whole number, not ${text}`);
  return runs;
}

export async function trace(browser, baseUrl, path) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'loading',
    ],
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const buffer = await browser.stopTracing();
  await page.close();
  return buffer;
}

/** The blocking tasks of one load, and the main thread's script time after FCP by script. */
export function analyse(events) {
  // The page's renderer main thread: where its first contentful paint was recorded.
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('no first contentful paint in the trace');
  const { pid, tid, ts: fcp } = fcpEvent;
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts);

  // Samples of the main thread: a profile per thread, in chunks (nodes and time deltas).
  const nodes = new Map();
  const samples = [];
  for (const profile of events.filter(
    (e) => e.name === 'Profile' && e.pid === pid && e.tid === tid,
  )) {
    let time = profile.args.data.startTime;
    const chunks = events.filter(
      (e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id,
    );
    for (const chunk of chunks) {
      const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
      for (const node of cpuProfile.nodes ?? []) nodes.set(`${profile.id}:${node.id}`, node);
      (cpuProfile.samples ?? []).forEach((id, i) => {
        time += timeDeltas[i];
        samples.push({ time, node: nodes.get(`${profile.id}:${id}`), took: timeDeltas[i] / 1000 });
      });
    }
  }

  const scriptTime = new Map();
  for (const { time, node, took } of samples) {
    if (time < fcp || !node || node.callFrame.functionName === '(idle)') continue;
    add(scriptTime, scriptOf(node), took);
  }
  // The renderer's own trace events (parse, style, layout, script evaluation...), for the tasks
  // whose samples only say (program): native work the V8 sampler cannot name.
  const traced = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name !== 'RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let blocking = 0;
  const detail = [];
  for (const task of tasks) {
    const ms = task.dur / 1000;
    const counted = SLOWDOWN * ms - 50;
    if (counted <= 0 || task.ts < fcp) continue;
    blocking += counted;
    const byScript = new Map();
    const bySelf = new Map();
    for (const { time, node, took } of samples) {
      if (time < task.ts || time > task.ts + task.dur || !node) continue;
      add(byScript, scriptOf(node), took);
      add(bySelf, label(node), took);
    }
    detail.push(
      `${((task.ts - fcp) / 1000).toFixed(0)} ms after FCP: task of ${ms.toFixed(1)} ms, counts ${counted.toFixed(0)} ms`,
      ...top(byScript, 6).map((line) => `  script ${line}`),
      ...top(bySelf, 8).map((line) => `  self   ${line}`),
      ...top(outermostEvents(traced, task), 5).map((line) => `  trace  ${line}`),
    );
  }
  // Style, layout and paint after FCP: the page is laid out again when it replaces the first view
  // and when its data arrives.
  const afterFcp = { ts: fcp, dur: Number.POSITIVE_INFINITY };
  const rendering = traced.filter((e) => RENDERING.has(e.name));
  const renderingTime = [...outermostEvents(rendering, afterFcp).values()].reduce(
    (sum, ms) => sum + ms,
    0,
  );
  return { blocking, scriptTime, renderingTime, detail };
}

/** Time by name of the trace events directly inside a task (not those nested in another). */
function outermostEvents(traced, task) {
  const byName = new Map();
  let coveredUntil = task.ts;
  for (const event of traced) {
    if (event.ts < task.ts || event.ts + event.dur > task.ts + task.dur) continue;
    if (event.ts < coveredUntil) continue;
    add(byName, event.name, event.dur / 1000);
    coveredUntil = event.ts + event.dur;
  }
  return byName;
}

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });

/** Median blocking and median script time by script over a set of analysed loads. */
export function summarise(results, label) {
  const blockings = results.map((r) => r.blocking);
  const lines = [
    `${label}: blocking after FCP (each task × ${SLOWDOWN} less 50 ms), median of ${results.length}: ` +
      `${median(blockings).toFixed(0)} ms (${blockings.map((b) => b.toFixed(0)).join(', ')})`,
  ];
  const scripts = new Set(results.flatMap((r) => [...r.scriptTime.keys()]));
  const medians = new Map(
    [...scripts].map((s) => [s, median(results.map((r) => r.scriptTime.get(s) ?? 0))]),
  );
  const total = median(results.map((r) => [...r.scriptTime.values()].reduce((a, b) => a + b, 0)));
  const rendering = results.map((r) => r.renderingTime);
  lines.push(
    `style, layout and paint after FCP, median: ${median(rendering).toFixed(0)} ms ` +
      `(${rendering.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  lines.push(`main thread busy after FCP, median: ${total.toFixed(1)} ms; by script (median ms):`);
  for (const line of top(medians, 16)) lines.push(`  ${line}`);
  return lines.join('\n');
}
