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

test('the console shows its dates in the language of the interface', async ({
  page,
  consoleErrors,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.evaluate(() => localStorage.setItem('language', 'am'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'የአስተዳዳሪ ሰሌዳ' })).toBeVisible();
  // The Events tab opens first; its Date column, as am-ET writes a day ("ማርች 5 2026").
  const table = page.getByRole('table', { name: 'ዝግጅቶች' });
  // allInnerTexts does not wait: first the header, drawn once the console's texts are in.
  await expect(table.getByRole('columnheader', { name: 'ቀን', exact: true })).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.indexOf('ቀን');
  expect(column).toBeGreaterThanOrEqual(0);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const dates = await table
    .getByRole('row')
    .locator(`td:nth-child(${column + 1})`)
    .allInnerTexts();
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date).toMatch(/^[\u1200-\u137F]+ \d{1,2} \d{4}$/);
  expect(consoleErrors).toEqual([]);
});
