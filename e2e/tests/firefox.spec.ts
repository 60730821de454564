import { test as base, expect } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { adminCredentials, markEmailVerified, newMember, type Member } from './fixtures';

/**
 * The core guest and member journeys in a second engine: Debian's Firefox ESR, driven over
 * WebDriver BiDi by puppeteer-core (Playwright's own Firefox build cannot be downloaded here).
 * Playwright is only the runner: each test gets a fresh private window of one shared Firefox.
 */
const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const test = base.extend<
  { tab: Page; problems: Array<string | Promise<string>> },
  { firefox: Browser }
>({
  firefox: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        defaultViewport: { width: 1280, height: 900 },
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  // Uncaught errors and console errors of the page: a journey ends with none.
  problems: async ({}, use) => use([]), // eslint-disable-line no-empty-pattern
  // A private window of the shared Firefox (named apart from Playwright's own `page`).
  tab: async ({ firefox, problems }, use) => {
    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // An Error argument prints as "JSHandle@error": its message and stack say what it was.
      const texts = message
        .args()
        .map((arg) =>
          arg
            .evaluate((value) =>
              value instanceof Error ? (value.stack ?? String(value)) : String(value),
            )
            .catch(() => message.text()),
        );
      problems.push(Promise.all(texts).then((parts) => `console: ${parts.join(' ')}`));
    });
    await use(page);
    await context.close();
  },
});

/** Opens a path of the platform and waits for its scripts to have drawn the page. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, BASE_URL).toString(), { waitUntil: 'load' });
  // The server's first view is a disabled fieldset; React replaces it once the scripts ran.
  await page.waitForFunction(() => !document.querySelector('.first-view'));
}

/** Waits for an element with this accessible role and name, and answers its text. */
async function byRole(page: Page, role: string, name: string): Promise<string> {
  const handle = await page.locator(`::-p-aria(${name}[role="${role}"])`).waitHandle();
  return handle.evaluate((element) => element.textContent?.trim() ?? '');
}

async function clickRole(page: Page, role: string, name: string): Promise<void> {
  await page.locator(`::-p-aria(${name}[role="${role}"])`).click();
}

async function path(page: Page): Promise<string> {
  return page.evaluate(() => location.pathname);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await open(page, '/login');
  await byRole(page, 'heading', 'Sign in to your account');
  // A password field has no ARIA role to find it by: the fields are found by their type.
  await page.locator('input[type="email"][autocomplete="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await clickRole(page, 'button', 'Sign in');
  await page.waitForFunction(() => location.pathname === '/');
  // The home page's calls finish before the journey leaves it (a page left mid-call is not a
  // journey's subject).
  await page.waitForNetworkIdle({ idleTime: 300 });
}

/** A member registered through the API, with the address confirmed (as by the emailed link). */
async function registeredMember(): Promise<Member> {
  const member = newMember();
  const response = await fetch(new URL('/api/auth/register', BASE_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, country: 'Canada', profession: 'Nurse' }),
  });
  expect(response.status).toBe(201);
  await markEmailVerified(member.email);
  return member;
}

interface ListedEvent {
  _id: string;
  title: string;
  isFree: boolean;
  isActive: boolean;
  maxAttendees: number | null;
  goingCount: number;
}

test.afterEach(async ({ problems }) => {
  expect(await Promise.all(problems), 'page errors and console errors in Firefox').toEqual([]);
});

test('a guest reads the home page, the events, an event and the news', async ({ tab: page }) => {
  await open(page, '/');
  await byRole(page, 'heading', 'Connecting Ethiopian professionals around the world');
  await clickRole(page, 'link', 'Events');
  await page.waitForFunction(() => location.pathname === '/events');
  await byRole(page, 'heading', 'Events');
  const card = await page.locator('.event-card__title a').waitHandle();
  const title = await card.evaluate((link) => link.textContent?.trim() ?? '');
  expect(title).not.toBe('');
  // A guest's card asks them to sign in rather than offering the answers.
  await page.locator('::-p-text(Please login to RSVP.)').wait();
  await card.click();
  await page.waitForFunction(() => /^\/events\/[0-9a-f-]{36}$/.test(location.pathname));
  expect(await byRole(page, 'heading', title)).toBe(title);

  await open(page, '/news');
  await byRole(page, 'heading', 'News & Stories');
  const article = await page.locator('.news-card__title a').waitHandle();
  const headline = await article.evaluate((link) => link.textContent?.trim() ?? '');
  expect(headline).not.toBe('');
  await article.click();
  await page.waitForFunction(() => /^\/news\/[0-9a-f-]{36}$/.test(location.pathname));
  expect(await byRole(page, 'heading', headline)).toBe(headline);
});

test('the language picker switches to Amharic, kept after a reload; ?lang=am opens in it', async ({
  tab: page,
}) => {
  await open(page, '/');
  const picker = await page.locator('::-p-aria(Language[role="combobox"])').waitHandle();
  await picker.select('am');
  await page.waitForFunction(() => document.documentElement.lang === 'am');
  await byRole(page, 'link', 'ስለ እኛ');
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => !document.querySelector('.first-view'));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
  await byRole(page, 'link', 'ዝግጅቶች');
  // Back to English, then the Amharic alternate's address (hreflang) opens in Amharic.
  await (await page.locator('::-p-aria(ቋንቋ[role="combobox"])').waitHandle()).select('en');
  await byRole(page, 'link', 'About');
  await open(page, '/events?lang=am');
  await byRole(page, 'heading', 'ዝግጅቶች');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
});

test("a member signs in and answers Going to an event, then Can't Go", async ({ tab: page }) => {
  const member = await registeredMember();
  await signIn(page, member.email, member.password);
  await byRole(page, 'button', `Account menu for ${member.name}`);
  const listed = (await (
    await fetch(new URL('/api/events?upcoming=true&limit=50', BASE_URL))
  ).json()) as { events: ListedEvent[] };
  const event = listed.events.find(
    (e) => e.isFree && e.isActive && (e.maxAttendees === null || e.goingCount < e.maxAttendees),
  );
  expect(event, 'a free upcoming event in the demo content').toBeDefined();
  await open(page, `/events/${event!._id}`);
  await byRole(page, 'heading', event!.title);
  const count = async () =>
    Number(await page.$eval('[data-testid="going-count"]', (element) => element.textContent));
  await page.locator('[data-testid="going-count"]').wait();
  const before = await count();
  await clickRole(page, 'button', 'Going');
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="rsvp-status"]')?.textContent === expected,
    {},
    'Your answer: Going',
  );
  expect(await count()).toBe(before + 1);
  await clickRole(page, 'button', "Can't Go");
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="going-count"]')?.textContent === expected,
    {},
    String(before),
  );
  expect(await path(page)).toBe(`/events/${event!._id}`);
});

test('the admin signs in and sees the dashboard with its tabs', async ({ tab: page }) => {
  await signIn(page, adminCredentials.email, adminCredentials.password);
  await open(page, '/admin');
  await byRole(page, 'heading', 'Admin Dashboard');
  const tabs = await page.$$eval('[role="tab"]', (elements) =>
    elements.map((element) => element.textContent?.trim() ?? ''),
  );
  for (const name of ['Events', 'Users', 'News', 'Directory']) {
    expect(
      tabs.some((tab) => new RegExp(`^${name} \\(\\d+\\)$`).test(tab)),
      name,
    ).toBe(true);
  }
  // The Tutorials "tab" is a link to the enrollment manager.
  const tutorials = await page.$eval('a[href="/admin/tutorials"]', (a) => a.textContent ?? '');
  expect(tutorials).toMatch(/^Tutorials \(\d+\)$/);
  // Names with brackets ("Users (12)") are not aria selector text: the tab is found by its text.
  await page.$$eval('[role="tab"]', (elements) =>
    (elements as HTMLElement[])
      .find((element) => element.textContent?.startsWith('Users'))
      ?.click(),
  );
  await page.waitForFunction(() =>
    document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.startsWith('Users'),
  );
  await page.locator('table').wait();
});
