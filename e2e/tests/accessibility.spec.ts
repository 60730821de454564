import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

// Every screen checked by axe-core against WCAG 2.1 A and AA (labels, names, contrast, landmarks,
// ARIA), in English and Amharic, as a guest, a member and an admin: what a screen reader and a
// keyboard need, on the real pages once their data has loaded.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each rule the page breaks, with the first few elements that break it. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return found.map(
    (rule) =>
      `${rule.id} (${rule.impact}): ${rule.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** Opens each path: its violations by path (none expected). */
async function audit(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const broken = await violations(page);
    if (broken.length) found[path] = broken;
  }
  return found;
}

/** The first item of a list answer, for its detail page. */
async function firstId(page: Page, path: string, key: string): Promise<string | undefined> {
  const answer = (await (await page.request.get(path)).json()) as Record<
    string,
    Array<{ _id: string }>
  >;
  return answer[key]?.[0]?._id;
}

async function guestPages(page: Page): Promise<string[]> {
  const pages = [
    '/',
    '/events',
    '/news',
    '/about',
    '/join',
    '/tutorials',
    '/login',
    '/register',
    '/forgot-password',
    '/privacy',
    '/terms',
    '/no-such-page',
  ];
  const event = await firstId(page, '/api/events?limit=1', 'events');
  const article = await firstId(page, '/api/news?limit=1', 'news');
  if (event) pages.push(`/events/${event}`);
  if (article) pages.push(`/news/${article}`);
  return pages;
}

for (const language of ['en', 'am'] as const) {
  test(`a guest's pages pass axe's WCAG 2.1 AA checks (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
    expect(await audit(page, await guestPages(page))).toEqual({});
    expect(consoleErrors).toEqual([]);
  });
}

test("a member's pages pass axe's WCAG 2.1 AA checks", async ({ page, consoleErrors }) => {
  await register(page, newMember());
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pages = ['/', '/profile', '/directory', '/contact', '/tutorials'];
  const listings = (await (
    await page.request.get('/api/directory?limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { listings?: Array<{ _id: string }> };
  if (listings.listings?.[0]) pages.push(`/directory/${listings.listings[0]._id}`);
  expect(await audit(page, pages)).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test("the admin console's tabs pass axe's WCAG 2.1 AA checks", async ({ page, consoleErrors }) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  const found = await audit(page, ['/admin']);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    const broken = await violations(page);
    if (broken.length) found[`/admin tab ${(await tabs.nth(index).innerText()).trim()}`] = broken;
  }
  Object.assign(found, await audit(page, ['/admin/tutorials']));
  expect(found).toEqual({});
  expect(consoleErrors).toEqual([]);
});
