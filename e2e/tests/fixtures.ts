import { expect, test as base, type Page } from '@playwright/test';
import pg from 'pg';

/**
 * Fails the test when the page logs a console error or throws (the "no console errors").
 * expectedConsoleErrors lists the messages a test provokes on purpose, such as Chromium's
 * "Failed to load resource" line for a 401 the test expects; anything else still fails.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
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
 * Marks the address confirmed, as if the member had opened the emailed link (the main platform
 * sends no email; the link itself is tested in account-reset.spec.ts and the API suites).
 */
export async function markEmailVerified(email: string): Promise<void> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [
      email.toLowerCase(),
    ]);
  } finally {
    await client.end();
  }
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
