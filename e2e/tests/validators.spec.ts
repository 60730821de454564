import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import pa11y from 'pa11y';
import puppeteer from 'puppeteer-core';
import vnuJar from 'vnu-jar';
import { expect, test } from './fixtures';

/**
 * The public pages as two independent validators read them: the W3C Nu HTML checker (vnu.jar,
 * on the HTML the server sends, i.e. the first view) and pa11y's HTML_CodeSniffer runner
 * (WCAG 2 AA, in Debian's Chromium once the scripts have drawn the page).
 */
const run = promisify(execFile);

/**
 * Findings another change of issue 32 fixes (the first view's <main> inside its <fieldset>; the
 * events filter form without a submit button, WCAG technique H32): accepted here until it lands,
 * then removed. Anything else fails; the accepted ones are listed in the test's annotations.
 */
const KNOWN_UNTIL_FIXED: RegExp[] = [
  /The “main” element must not appear as a descendant of the “fieldset” element/,
  /H32\.2/,
];

/** The findings not known to be under repair; the known ones are noted on the test. */
function unexpected(findings: string[]): string[] {
  const isKnown = (text: string) => KNOWN_UNTIL_FIXED.some((pattern) => pattern.test(text));
  for (const finding of findings.filter(isKnown)) {
    test.info().annotations.push({ type: 'known, being fixed', description: finding });
  }
  return findings.filter((finding) => !isKnown(finding));
}

/** The public pages: the site's sections, an event, an article, and signing in and up. */
async function publicPages(request: APIRequestContext): Promise<string[]> {
  const events = (await (await request.get('/api/events?limit=1')).json()) as {
    events: Array<{ _id: string }>;
  };
  const news = (await (await request.get('/api/news?limit=1')).json()) as {
    news: Array<{ _id: string }>;
  };
  expect(events.events.length, 'an event in the demo content').toBe(1);
  expect(news.news.length, 'an article in the demo content').toBe(1);
  return [
    '/',
    '/about',
    '/events',
    `/events/${events.events[0]._id}`,
    '/news',
    `/news/${news.news[0]._id}`,
    '/tutorials',
    '/join',
    '/contact',
    '/login',
    '/register',
    '/privacy',
    '/terms',
  ];
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

test('the first view of every public page is valid HTML for the W3C Nu checker', async ({
  request,
}) => {
  const pages = await publicPages(request);
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = await Promise.all(
      pages.map(async (path, index) => {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        const file = join(dir, `${index}.html`);
        writeFileSync(file, await response.text());
        return file;
      }),
    );
    // One JVM for every page; the report is JSON on stderr.
    const { stderr } = await run(
      'java',
      ['-jar', String(vnuJar), '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const path = pages[Number(/(\d+)\.html$/.exec(message.url)?.[1])];
        return `${path}: ${message.message} [${message.extract ?? ''}]`;
      });
    expect(unexpected(errors)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pa11y (HTML_CodeSniffer, WCAG 2 AA) finds no error on the public pages', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const pages = await publicPages(request);
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const found: string[] = [];
    for (const path of pages) {
      const { issues } = await pa11y(new URL(path, baseURL).toString(), {
        browser,
        runners: ['htmlcs'],
        standard: 'WCAG2AA',
        // Checked once React has replaced the server's first view and the lists are in.
        actions: ['wait for element fieldset.first-view to be removed'],
        wait: 500,
        timeout: 30_000,
      });
      for (const issue of issues.filter((item) => item.type === 'error')) {
        found.push(`${path}: ${issue.code} at ${issue.selector}: ${issue.message}`);
      }
    }
    expect(unexpected(found)).toEqual([]);
  } finally {
    await browser.close();
  }
});
