import { expect, login, newMember, openUserMenu, register, test } from './fixtures';

test('a member registers, logs out, logs in and edits the profile', async ({
  page,
  consoleErrors,
}) => {
  const member = newMember();
  await register(page, member);

  await openUserMenu(page, member.name);
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await login(page, member.email, member.password);
  await openUserMenu(page, member.name);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(page.getByText('No bio provided')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Bio').fill('I build bridges between communities.');
  await page.getByLabel('Company').fill('Addis Tech');
  await page.getByLabel('Skills').fill('React, Node.js');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.reload();
  await expect(page.getByText('I build bridges between communities.')).toBeVisible();
  await expect(page.getByText('Addis Tech')).toBeVisible();
  await expect(page.getByText('React, Node.js')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a member who follows a link while the page is still starting stays signed in', async ({
  page,
  consoleErrors,
}) => {
  const member = newMember();
  await register(page, member);
  // The start-up /auth/me is slow to answer, and the member leaves the page before it does:
  // the browser cuts the call off, which is not the server refusing the token.
  let arrived = () => undefined as void;
  const started = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/api/auth/me', async (route) => {
    arrived();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await started;
  await page.unroute('**/api/auth/me');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test.describe('a wrong password', () => {
  // The login's 401 is the answer under test; Chromium logs it as a failed resource.
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
  });

  test('shows the server message', async ({ page, consoleErrors }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(consoleErrors).toEqual([]);
  });
});
