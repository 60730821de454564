import { expect, test } from './fixtures';

test('Amharic is kept after a reload', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('link', { name: 'መነሻ' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('link', { name: 'ስለ እኛ' }).first()).toBeVisible();
  await page.getByLabel('ቋንቋ').selectOption('en');
  await expect(page.getByRole('link', { name: 'About' }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a deep link survives a hard reload', async ({ page, consoleErrors }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test.describe('a deep link to an unknown event', () => {
  // Its page answers 404 (for crawlers and link checkers); Chromium logs that as a failed resource.
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
  });

  test('is the page shell with a 404, routed by the portal to its not-found state', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto('/events/some-event-id');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Back to Events' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test('every page of the top bar renders without console errors', async ({
  page,
  consoleErrors,
}) => {
  const pages: Array<[string, string]> = [
    ['/', 'Connecting Ethiopian professionals around the world'],
    ['/about', 'About Us'],
    ['/events', 'Events'],
    ['/news', 'News'],
    ['/directory', 'Directory'],
    ['/tutorials', 'Tutorials'],
    ['/join', 'Join Us'],
    ['/contact', 'Contact'],
    ['/terms', 'Terms of Service'],
    ['/test-api', 'API test page'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await page.goto('/about');
  // Spec 9's static marketing figures.
  const impact = page.locator('section', {
    has: page.getByRole('heading', { name: 'Our Impact' }),
  });
  await expect(impact.locator('dt')).toHaveText(['Businesses', 'Events', 'Courses', 'Users']);
  await expect(impact.locator('dd')).toHaveText(['500+', '1000+', '50+', '10K+']);
  await page.goto('/join');
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await page.goto('/');
  for (const section of [
    'Upcoming events',
    'Latest news',
    'Featured courses',
    'Meet our founders',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test('headings go down one level at a time on the public pages, once the lists are in', async ({
  page,
  consoleErrors,
}) => {
  for (const path of ['/', '/about', '/events', '/news', '/tutorials', '/join', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // Cards load after the first view: wait until the lists have drawn theirs.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const levels = await page
      .getByRole('heading')
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
    // A screen reader's outline: no h3 straight under an h1 (a card title under a page title).
    const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1] + 1);
    expect({ path, skips }).toEqual({ path, skips: [] });
  }
  expect(consoleErrors).toEqual([]);
});

test('the tab names the page as the reader moves through the site', async ({
  page,
  consoleErrors,
}) => {
  const site = 'Ethiopian Diaspora Network';
  await page.goto('/');
  await expect(page).toHaveTitle(site);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Events', exact: true })
    .first()
    .click();
  await expect(page).toHaveTitle(`Events · ${site}`);
  const first = page.getByTestId('event-card').first().getByRole('heading').getByRole('link');
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveTitle(`${title} · ${site}`);
  await page.goBack();
  await expect(page).toHaveTitle(`Events · ${site}`);
  expect(consoleErrors).toEqual([]);
});

test('the first page loads the date and number data on another thread', async ({
  page,
  consoleErrors,
}) => {
  // The first Intl formatter loads the browser's ICU data (a long task on a phone); a worker
  // started with the page loads it instead, and closes itself once it has built its formats.
  // Listened for as the worker starts: it may be done before the page's load event.
  const finished = new Promise<string>((resolve) => {
    page.on('worker', (worker) =>
      worker.on('close', () => resolve(new URL(worker.url()).pathname)),
    );
  });
  await page.goto('/');
  expect(await finished).toBe('/intl-warmup.js');
  await expect(page.getByRole('heading', { name: 'Upcoming events', level: 2 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  // Lighthouse's phone: parts off screen are drawn only when near (content-visibility), and a size
  // held for a part not yet drawn must not widen the page.
  test.use({ viewport: { width: 412, height: 823 } });

  test('the public pages fit the width of the screen, before and after scrolling', async ({
    page,
    consoleErrors,
  }) => {
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    const pages: Array<[string, string]> = [
      ['/', 'event-card'],
      ['/events', 'event-card'],
      ['/news', 'news-card'],
    ];
    for (const [path, card] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(card).first()).toBeVisible();
      expect(await sideways(), `${path} as it opens`).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator('footer')).toBeInViewport();
      expect(await sideways(), `${path} scrolled to its end`).toBeLessThanOrEqual(0);
    }
    expect(consoleErrors).toEqual([]);
  });
});
