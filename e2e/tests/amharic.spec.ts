import type { APIRequestContext, Page } from '@playwright/test';
import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

// With the interface in Amharic, the screens show no English: every Latin-script word on a page
// must be user content (taken from the API's own answers), a name or a brand.
// Also allowed: the language picker's own "English", the currency sign "US$" of Intl's am-ET format.
const BRANDS = new Set(
  'Stripe Facebook LinkedIn Twitter Instagram YouTube X MongoDB Express React Node js English US Redis SMTP'.split(
    ' ',
  ),
);

/**
 * Latin words of a text; e-mail addresses, web addresses and configuration names (`SMTP_URL`, as an
 * operator types it in any language) left out.
 */
const words = (text: string) =>
  text
    .replace(/\S+@\S+|https?:\/\/\S+|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ')
    .match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];

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

/** Reads API answers (with `headers`) and keeps every word of them as allowed user content. */
function userContentOf(request: APIRequestContext, headers: Record<string, string> = {}) {
  const allowed = new Set<string>();
  const read = async <T>(path: string): Promise<T> => {
    const answer = await request.get(path, { headers });
    expect(answer.ok(), path).toBe(true);
    const body: unknown = await answer.json();
    collectStrings(body, allowed);
    return body as T;
  };
  return { allowed, read };
}

/** The Latin words outside user content on the page as it is once its requests have settled. */
async function leaksNow(page: Page, allowed: Set<string>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return leaks(page, allowed);
}

/** Opens each path in Amharic: the leaks by path (none expected). */
async function walk(page: Page, paths: string[], allowed: Set<string>) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    // The server's first view is a guest's English page until the app replaces it; the app draws
    // after its last request, so a busy machine reached "network idle" with the first view still up.
    await expect(page.locator('.first-view')).toHaveCount(0, { timeout: 30_000 });
    const latin = await leaksNow(page, allowed);
    if (latin.length) found[path] = latin;
  }
  return found;
}

/** A signed-in page's bearer header, for reading what that account sees. */
async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

type Items = { events?: Array<{ _id: string }>; news?: Array<{ _id: string }> };

test('the main pages read in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { allowed, read } = userContentOf(request);
  const { events = [] } = await read<Items>('/api/events?limit=50');
  const { news = [] } = await read<Items>('/api/news?limit=50');
  // Team members and courses are entered by admins: names, expertise, technologies (MERN, Git).
  await read('/api/team');
  await read('/api/tutorials/courses');
  // The sign-in providers' names, as the operator configured them ("Continue with …" buttons).
  await read('/api/auth/oidc/providers');
  // A new feature's list goes above: its items are user content (the feature generator reads it).
  for (const item of news) await read(`/api/comments/news/${item._id}?limit=100`);
  for (const item of events) await read(`/api/comments/events/${item._id}?limit=100`);
  await page.addInitScript(() => localStorage.setItem('language', 'am'));

  const pages = [
    '/',
    '/events',
    '/news',
    '/about',
    '/join',
    '/login',
    '/register',
    '/forgot-password',
    '/tutorials',
    '/no-such-page',
    // A new feature's page goes above (`nx g @diaspora/tools:feature` puts it there).
  ];
  // Lists carry summaries; the detail pages' bodies come from the detail answers.
  if (events[0]) {
    await read(`/api/events/${events[0]._id}`);
    pages.push(`/events/${events[0]._id}`);
  }
  if (news[0]) {
    await read(`/api/news/${news[0]._id}`);
    pages.push(`/news/${news[0]._id}`);
  }
  expect(await walk(page, pages, allowed)).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test('the admin console reads in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  const { allowed, read } = userContentOf(request, await bearerOf(page));
  // What admins and members entered: titles, names, addresses, messages, listings, audit targets,
  // and the emails they were sent.
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
    // The mail log: each email is in its recipient's language, as it was sent.
    '/api/mail/messages?limit=100',
    // The System view: what each process reports (host names, drivers) and the failed emails.
    '/api/admin/system',
    '/api/admin/system/failed-emails?limit=100',
  ]) {
    await read(path);
  }
  await page.evaluate(() => localStorage.setItem('language', 'am'));

  const found = await walk(page, ['/admin'], allowed);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    const latin = await leaksNow(page, allowed);
    if (latin.length) found[`/admin tab ${(await tabs.nth(index).innerText()).trim()}`] = latin;
  }
  Object.assign(found, await walk(page, ['/admin/tutorials'], allowed));
  expect(found).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test('a member’s pages read in Amharic, with no English outside user content', async ({
  page,
  request,
  consoleErrors,
}) => {
  await register(page, newMember());
  const { allowed, read } = userContentOf(request, await bearerOf(page));
  // The member's own record (name, profession, country as entered), the directory, the courses.
  await read('/api/auth/me');
  await read('/api/directory/my-listings');
  await read('/api/team');
  await read('/api/tutorials/courses');
  // The sign-in providers' names, as the operator configured them (the profile's ways to sign in).
  await read('/api/auth/oidc/providers');
  const { listings = [] } = await read<{ listings?: Array<{ _id: string }> }>(
    '/api/directory?limit=100',
  );
  await page.evaluate(() => localStorage.setItem('language', 'am'));

  const pages = [
    '/profile',
    '/notifications',
    '/notifications/preferences',
    '/complete-profile',
    '/directory',
    '/contact',
    '/tutorials',
    '/privacy',
    '/terms',
  ];
  if (listings[0]) {
    await read(`/api/directory/${listings[0]._id}`);
    pages.push(`/directory/${listings[0]._id}`);
  }
  expect(await walk(page, pages, allowed)).toEqual({});
  expect(consoleErrors).toEqual([]);
});

test.describe('a failed sign-in', () => {
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
  });

  test('the first one reads in Amharic', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'am'));
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    // The error texts are not on the page until a call fails: the answer waits for them.
    await page.locator('input[type="email"]').fill(adminCredentials.email);
    await page.locator('input[type="password"]').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
