import { adminCredentials, expect, login, test } from './fixtures';

test('the admin sees the Admin link, the dashboard and the Users tab', async ({
  page,
  consoleErrors,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Role' })).toBeVisible();
  await expect(table.getByRole('cell', { name: adminCredentials.email })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Tutorials \(\d+\)$/ })).toHaveAttribute(
    'href',
    '/admin/tutorials',
  );
  expect(consoleErrors).toEqual([]);
});
