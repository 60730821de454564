import { expect, newMember, register, test } from './fixtures';

test('a guest on /profile lands on /login', async ({ page, consoleErrors }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a guest on /admin lands on /login', async ({ page, consoleErrors }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});

test('a member on /admin lands on /', async ({ page, consoleErrors }) => {
  await register(page, newMember());
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { name: 'Connecting Ethiopian professionals around the world' }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
