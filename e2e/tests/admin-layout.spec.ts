import { adminCredentials, expect, login, test } from './fixtures';
import type { Page } from '@playwright/test';

// The admin console looks the same inside the site (mounted by the shell at /admin) as on its own
// origin (CONSOLE_URL, served by the e2e stage of scripts/test.mjs): its stylesheets load where it
// is mounted, and no tab scrolls sideways on a phone, in both languages.
const consoleUrl = process.env.CONSOLE_URL;
// Skipped only when Playwright runs outside scripts/test.mjs, whose e2e stage always sets CONSOLE_URL.
test.skip(!consoleUrl, 'CONSOLE_URL is set by the e2e stage of scripts/test.mjs');

const WIDTHS = [390, 1280];
const LANGUAGES = ['en', 'am'] as const;
/** The console's own stylesheet, as its build names it beside remoteEntry.js. */
const CONSOLE_CSS = /\/assets\/App-[\w-]+\.css$/;

interface Look {
  /** The stat cards' grid and how many rows they take at this width. */
  statCards: string;
  /** A tab of the tab list: a bare browser button without the console's styles. */
  tab: string;
  /** A list table's heading cell. */
  tableHead: string;
}

/** The computed styles the console's stylesheets give the dashboard, as text to compare. */
function lookOf(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const styleOf = (selector: string, properties: string[]) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector}: missing`;
      const style = getComputedStyle(element);
      return properties.map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ');
    };
    const rows = new Set(
      Array.from(document.querySelectorAll('.stat-card'), (card) =>
        Math.round(card.getBoundingClientRect().top),
      ),
    ).size;
    return {
      statCards: `${styleOf('.stat-cards', ['display', 'column-gap'])}; rows: ${rows}`,
      tab: styleOf('[role="tab"]', [
        'background-color',
        'border-top-width',
        'border-bottom-style',
        'padding-left',
        'font-weight',
        'font-family',
      ]),
      tableHead: styleOf('.table-wrap .table th', [
        'padding-left',
        'text-align',
        'border-bottom-style',
      ]),
    };
  });
}

/** The widest the page is beyond the window, in px (0: nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Visits every tab of /admin and /admin/tutorials at `width`: each tab's sideways overflow by
 * name (expected 0), and the dashboard's look on its first tab.
 */
async function walkTabs(page: Page, base: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const overflow: Record<string, number> = {};
  await page.goto(`${base}/admin`);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  await expect(page.locator('.stat-card dd').first()).not.toHaveText('…');
  await expect(page.locator('.table-wrap .table th').first()).toBeVisible();
  const look = await lookOf(page);
  for (const path of ['/admin', '/admin/tutorials']) {
    if (path !== '/admin') await page.goto(`${base}${path}`);
    await expect(tabs.first()).toBeVisible();
    for (let index = 0; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      await page.waitForLoadState('networkidle');
      overflow[`${path} ${index + 1}`] = await sidewaysOverflow(page);
    }
  }
  return { look, overflow };
}

const noOverflow = (overflow: Record<string, number>) =>
  Object.fromEntries(Object.entries(overflow).filter(([, pixels]) => pixels > 0));

for (const language of LANGUAGES) {
  test(`the console inside the site looks as on its own origin (${language})`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    // Inside the site: the shell mounts the console, whose remoteEntry.js links its stylesheet.
    const requested: string[] = [];
    page.on('request', (request) => {
      if (CONSOLE_CSS.test(new URL(request.url()).pathname)) requested.push(request.url());
    });
    await login(page, adminCredentials.email, adminCredentials.password);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);

    // On its own origin, in a context of its own (another origin's storage and session).
    const standaloneContext = await browser.newContext({ baseURL: consoleUrl });
    const standalone = await standaloneContext.newPage();
    await standalone.goto('/login');
    await standalone.getByLabel('Email address').fill(adminCredentials.email);
    await standalone.getByLabel('Password').fill(adminCredentials.password);
    await standalone.getByRole('button', { name: 'Sign in' }).click();
    await expect(standalone).toHaveURL(/\/admin$/);
    await standalone.evaluate((chosen) => localStorage.setItem('language', chosen), language);

    for (const width of WIDTHS) {
      const site = await walkTabs(page, '', width);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const own = await walkTabs(standalone, consoleUrl ?? '', width);
      await expect(standalone.locator('html')).toHaveAttribute('lang', language);
      expect(noOverflow(site.overflow), `inside the site at ${width} px`).toEqual({});
      expect(noOverflow(own.overflow), `on its own origin at ${width} px`).toEqual({});
      // The console's styles apply inside the site: a grid of cards, tabs that are not bare buttons.
      expect(site.look.statCards).toContain('display: grid');
      expect(site.look.tab).toContain('background-color: rgba(0, 0, 0, 0)');
      expect(site.look, `the dashboard at ${width} px`).toEqual(own.look);
    }
    // The stylesheet was requested from the console's folder of the site and is in the page.
    expect(requested.some((url) => new URL(url).pathname.startsWith('/remotes/admin/'))).toBe(true);
    const sheets = await page.evaluate(() =>
      Array.from(document.styleSheets, (sheet) => sheet.href ?? ''),
    );
    expect(sheets.some((href) => CONSOLE_CSS.test(href))).toBe(true);
    await standaloneContext.close();
    expect(consoleErrors).toEqual([]);
  });
}
