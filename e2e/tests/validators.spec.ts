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
    expect(errors).toEqual([]);
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
        actions: ['wait for element .first-view to be removed'],
        wait: 500,
        timeout: 30_000,
      });
      for (const issue of issues.filter((item) => item.type === 'error')) {
        found.push(`${path}: ${issue.code} at ${issue.selector}: ${issue.message}`);
      }
    }
    expect(found).toEqual([]);
  } finally {
    await browser.close();
  }
});
