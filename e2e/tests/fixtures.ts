import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';

/**
 * Fails the test when the page logs a console error or throws (the "no console errors").
 * expectedConsoleErrors lists the messages a test provokes on purpose, such as Chromium's
 * "Failed to load resource" line for a 401 the test expects; anything else still fails.
 */
/** Checks the page with axe at a state of the test's; the test fails on any state's violations. */
export interface AxeAudit {
  check(state: string): Promise<void>;
}

export const test = base.extend<{
  consoleErrors: string[];
  expectedConsoleErrors: RegExp[];
  axe: AxeAudit;
}>({
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: async ({ page, expectedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
  // Every state is checked before the test fails, so one run names all that is broken.
  axe: async ({ page }, use) => {
    const found: Record<string, string[]> = {};
    await use({
      async check(state) {
        const broken = await axeViolations(page);
        if (broken.length) found[state] = broken;
      },
    });
    expect(found, 'axe violations by state').toEqual({});
  },
});

export { expect };

export const adminCredentials = {
  email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
  password: process.env.ADMIN_PASSWORD ?? 'admin123',
};

export interface Member {
  name: string;
  email: string;
  password: string;
}

export function newMember(): Member {
  // Digits only: the name is in the account menu's label, and letters could spell a field's label
  // (a suffix "biofdl" made getByLabel('Bio') find that menu as well).
  const id = `${Date.now()}-${Math.random().toString().slice(2, 8)}`;
  return {
    name: `Member ${id}`,
    email: `member-${id}@example.com`,
    password: 'secret-member-2026',
  };
}

/**
 * Confirms the address as the admin does from the Users tab (the main platform sends no email;
 * the link itself is tested in account-reset.spec.ts and the API suites). Through the API, as
 * every confirmation is, so the cached account of a member already signed in follows at once.
 */
export async function markEmailVerified(email: string): Promise<void> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString });
  await client.connect();
  let id: string | undefined;
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email.toLowerCase(),
    ]);
    id = rows[0]?.id;
  } finally {
    await client.end();
  }
  if (!id) throw new Error(`no account for ${email}`);
  const base = process.env.BASE_URL ?? 'http://localhost:3000';
  const signedIn = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials),
  });
  expect(signedIn.status).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const confirmed = await fetch(new URL(`/api/users/${id}/confirm-email`, base), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(confirmed.status).toBe(200);
}

/** Registers through the form; the address counts as confirmed unless `verified: false`. */
export async function register(
  page: Page,
  member: Member,
  options: { verified?: boolean } = {},
): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Join our community' })).toBeVisible();
  await page.getByLabel('Full name').fill(member.name);
  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByLabel('Country').selectOption('Canada');
  await page.getByLabel('Profession').fill('Software engineer');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  if (options.verified === false) return;
  await markEmailVerified(member.email);
  // The stored user is reloaded from the server, so the page knows the address is confirmed.
  await page.reload();
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A bearer token from the API's sign-in (the admin's unless told). */
export async function apiToken(
  request: APIRequestContext,
  credentials: { email: string; password: string } = adminCredentials,
): Promise<string> {
  const signedIn = await request.post('/api/auth/login', { data: credentials });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return ((await signedIn.json()) as { token: string }).token;
}

/** An event created through the API as the admin: a Toronto venue on its clocks unless told. */
export async function createEventAsAdmin(
  request: APIRequestContext,
  fields: { title: string } & Record<string, string>,
): Promise<{ _id: string; startsAt: string }> {
  const created = await request.post('/api/events', {
    headers: bearer(await apiToken(request)),
    multipart: {
      description: 'Dinner and music.',
      category: 'cultural',
      date: '2031-12-05',
      time: '18:00',
      location: JSON.stringify({ name: 'Harbourfront Centre', country: 'Canada', city: 'Toronto' }),
      timeZone: 'America/Toronto',
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { _id: string; startsAt: string };
}

/** A new member, registered and going to the event through the API: their token and ticket code. */
export async function goingMember(
  request: APIRequestContext,
  eventId: string,
): Promise<Member & { token: string; code: string }> {
  const member = newMember();
  const registered = await request.post('/api/auth/register', {
    data: { ...member, country: 'Canada', profession: 'Engineer' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as { token: string }).token;
  const rsvp = await request.post(`/api/events/${eventId}/rsvp`, {
    headers: bearer(token),
    data: { status: 'going' },
  });
  expect(rsvp.ok(), await rsvp.text()).toBe(true);
  const tickets = (await (
    await request.get('/api/tickets', { headers: bearer(token) })
  ).json()) as Array<{ eventId: string; code: string }>;
  const code = tickets.find((ticket) => ticket.eventId === eventId)?.code;
  if (!code) throw new Error('no ticket');
  return { ...member, token, code };
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function openUserMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
}

/**
 * The page's section headings (h2) among `names`, in the page's order: the order a screen reader
 * and a phone's single column give them. A heading matches a name it starts with ("Comments (2)").
 */
export async function sectionOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  return headings.flatMap((text) => names.filter((name) => text.trim().startsWith(name)));
}

// The WCAG 2.1 A and AA rules axe-core checks (labels, names, contrast, landmarks, ARIA).
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Draws every part of the page once, as a reader scrolling through it does. Parts off screen are
 * drawn only when near the viewport (content-visibility: auto on the footer and the home
 * sections), and until then they have only their held size: on a 390 px phone the footer is
 * taller than its 700 px, so axe measured its last line against the page's light background
 * instead of the footer's dark one. `auto` keeps a drawn part's real size, so after one pass down
 * the page and back axe measures what the reader sees; the scroll position is put back.
 */
async function drawWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const drawn = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const start = window.scrollY;
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo({ top, behavior: 'instant' });
      await drawn();
    }
    window.scrollTo({ top: start, behavior: 'instant' });
    await drawn();
  });
}

/**
 * Each WCAG 2.1 A/AA rule the page breaks, with the first few elements that break it, once the
 * page is drawn and its calls have settled: the whole page, since a dialog also leaves the page
 * behind it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await drawWholePage(page);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations.map(
    (rule) =>
      `${rule.id} (${rule.impact}): ${rule.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** A member's business listing as the directory form sends it (multipart); pending until approved. */
export function listingFields(name: string, email: string) {
  return {
    name,
    description: 'Injera and bread, baked daily.',
    type: 'business',
    category: 'retail',
    'contact.email': email,
    'contact.address.city': 'Ottawa',
    'contact.address.country': 'Canada',
  };
}

/** A real 1×1 PNG, for every upload (the server sniffs the type and resizes images). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
