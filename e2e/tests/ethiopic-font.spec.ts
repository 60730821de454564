import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Debian's Chromium has no Ethiopic system font (`fc-list :lang=am` is empty): Amharic is drawn
// only by the site's web font (libs/ui fonts.css), and without it as boxes. The font is delayed
// here longer than the Amharic texts wait for it (libs/i18n ethiopicFont.ts, 3 s), so the page
// first draws without it and must still end up drawn with it.
const FONT_DELAY_MS = 5_000;
const FONT = /\/assets\/noto-sans-ethiopic-[\w-]+\.woff2$/;
/** True once the face the headings use is loaded (the page's state, not its drawing). */
const fontLoaded = (page: Page) =>
  page.evaluate(() => document.fonts.check('700 16px "Noto Sans Ethiopic"', 'ሰላም'));

/** The home page's heading, once it reads in Amharic. */
async function amharicHeading(page: Page): Promise<Locator> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/[\u1200-\u137f]/);
  return heading;
}

/**
 * The Amharic heading's pixels in a page of its own where the font is `font` ('loaded': at once,
 * 'missing': never, so drawn as the fallback's boxes).
 */
async function headingAs(browser: Browser, font: 'loaded' | 'missing'): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (font === 'missing') await page.route(FONT, (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('language', 'am'));
  await page.goto('/');
  const heading = await amharicHeading(page);
  if (font === 'loaded') await expect.poll(() => fontLoaded(page)).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  const shot = await heading.screenshot({ animations: 'disabled' });
  await context.close();
  return shot;
}

/** Serves the Ethiopic font only after FONT_DELAY_MS, as a slow link would. */
async function delayFont(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(FONT, async (route) => {
    requested.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
    await route.continue().catch(() => undefined);
  });
  return requested;
}

/** Waits until the heading is drawn exactly as with the font loaded. */
async function expectDrawnWithFont(page: Page, heading: Locator, withFont: Buffer) {
  await expect.poll(() => fontLoaded(page), { timeout: FONT_DELAY_MS + 10_000 }).toBe(true);
  await expect
    .poll(async () => (await heading.screenshot({ animations: 'disabled' })).equals(withFont), {
      timeout: 10_000,
    })
    .toBe(true);
}

test.describe('Amharic with the Ethiopic font delayed', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  let withFont: Buffer;

  test.beforeAll(async ({ browser }) => {
    withFont = await headingAs(browser, 'loaded');
    // The comparison can fail: without the font the same heading is drawn otherwise (boxes).
    expect(withFont.equals(await headingAs(browser, 'missing'))).toBe(false);
  });

  test('a first Amharic visit ends up drawn with the web font', async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    const requested = await delayFont(page);
    await page.addInitScript(() => localStorage.setItem('language', 'am'));
    await page.goto('/');
    const heading = await amharicHeading(page);
    await expectDrawnWithFont(page, heading, withFont);
    // The Ethiopic subset only, in the two weights the screens use.
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((url) => /ethiopic-ethiopic-(400|700)-normal/.test(url))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('switching an English page to Amharic with the picker ends up drawn with the web font', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const requested = await delayFont(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // An English page's one Ethiopic word is the picker's own "አማርኛ" (the select measures its
    // options): the regular weight, so it is legible; the bold waits for Amharic headings.
    expect(requested.every((url) => /ethiopic-ethiopic-400-normal/.test(url))).toBe(true);
    await page.getByLabel('Language').selectOption('am');
    const heading = await amharicHeading(page);
    await expectDrawnWithFont(page, heading, withFont);
    expect(consoleErrors).toEqual([]);
  });
});
