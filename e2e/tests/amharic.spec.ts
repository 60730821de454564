import type { Page } from '@playwright/test';
import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

// With the interface in Amharic, the screens show no English: every Latin-script word on a page
// must be user content (taken from the API's own answers), a name or a brand.
// Also allowed: the language picker's own "English", the currency sign "US$" of Intl's am-ET format.
const BRANDS = new Set(
  'Stripe Facebook LinkedIn Twitter Instagram YouTube X MongoDB Express React Node js English US'.split(
    ' ',
  ),
);

/** Latin words of a text, e-mail addresses and web addresses left out. */
const words = (text: string) =>
  text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ').match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];

/** Every word of every string the API returned: titles, bodies, names, places (user content). */
function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') words(value).forEach((word) => into.add(word));
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (value && typeof value === 'object') {
    Object.values(value).forEach((item) => collectStrings(item, into));
  }
}

async function leaks(page: Page, allowed: Set<string>): Promise<string[]> {
  const text = await page.locator('body').innerText();
  // A prefix of a user-content word is user content cut short (an excerpt) or a name's initial.
  const isUserContent = (word: string) =>
    allowed.has(word) || [...allowed].some((known) => known.startsWith(word));
  return [...new Set(words(text))].filter((word) => !BRANDS.has(word) && !isUserContent(word));
}

test('the main pages read in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  const allowed = new Set<string>();
  const userContent = async (path: string) => {
    const body: unknown = await (await request.get(path)).json();
    collectStrings(body, allowed);
    return body as { events?: Array<{ _id: string }>; news?: Array<{ _id: string }> };
  };
  const { events = [] } = await userContent('/api/events?limit=50');
  const { news = [] } = await userContent('/api/news?limit=50');
  // Team members and courses are entered by admins: names, expertise, technologies (MERN, Git).
  await userContent('/api/team');
  await userContent('/api/tutorials/courses');
  for (const item of news) await userContent(`/api/comments/news/${item._id}?limit=100`);
  for (const item of events) await userContent(`/api/comments/events/${item._id}?limit=100`);
  await page.addInitScript(() => localStorage.setItem('language', 'am'));

  const pages = ['/', '/events', '/news', '/about', '/join', '/login', '/register', '/tutorials'];
  // Lists carry summaries; the detail pages' bodies come from the detail answers.
  if (events[0]) {
    await userContent(`/api/events/${events[0]._id}`);
    pages.push(`/events/${events[0]._id}`);
  }
  if (news[0]) {
    await userContent(`/api/news/${news[0]._id}`);
    pages.push(`/news/${news[0]._id}`);
  }

  const found: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await page.waitForLoadState('networkidle');
    const latin = await leaks(page, allowed);
    if (latin.length) found[path] = latin;
  }
  expect(found).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test('the admin console reads in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const allowed = new Set<string>();
  // What admins and members entered: titles, names, addresses, messages, listings, audit targets.
  for (const path of [
    '/api/events?limit=50',
    '/api/news?limit=50',
    '/api/users?limit=100',
    '/api/directory/admin/all?limit=100',
    '/api/contact/messages?limit=100',
    '/api/admin/audit?limit=100',
    '/api/tutorials/enrollments?limit=100',
    '/api/tutorials/courses',
    '/api/team',
  ]) {
    const answer = await request.get(path, { headers });
    expect(answer.ok(), path).toBe(true);
    collectStrings(await answer.json(), allowed);
  }
  await page.evaluate(() => localStorage.setItem('language', 'am'));

  const found: Record<string, string[]> = {};
  const check = async (where: string) => {
    await page.waitForLoadState('networkidle');
    const latin = await leaks(page, allowed);
    if (latin.length) found[where] = latin;
  };
  await page.goto('/admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    await check(`/admin tab ${(await tabs.nth(index).innerText()).trim()}`);
  }
  await page.goto('/admin/tutorials');
  await check('/admin/tutorials');
  expect(found).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test('a member’s pages read in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  const member = newMember();
  await register(page, member);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const allowed = new Set<string>();
  const userContent = async (path: string) => {
    const answer = await request.get(path, { headers });
    expect(answer.ok(), path).toBe(true);
    const body: unknown = await answer.json();
    collectStrings(body, allowed);
    return body as { listings?: Array<{ _id: string }> };
  };
  // The member's own record (name, profession, country as entered), the directory, the courses.
  await userContent('/api/auth/me');
  await userContent('/api/directory/my-listings');
  await userContent('/api/team');
  await userContent('/api/tutorials/courses');
  const { listings = [] } = await userContent('/api/directory?limit=100');
  await page.evaluate(() => localStorage.setItem('language', 'am'));

  const pages = ['/profile', '/directory', '/contact', '/tutorials', '/privacy', '/terms'];
  if (listings[0]) {
    await userContent(`/api/directory/${listings[0]._id}`);
    pages.push(`/directory/${listings[0]._id}`);
  }
  const found: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await page.waitForLoadState('networkidle');
    const latin = await leaks(page, allowed);
    if (latin.length) found[path] = latin;
  }
  expect(found).toEqual({});
  expect(consoleErrors).toEqual([]);
});
