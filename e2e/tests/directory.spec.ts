import type { Browser, Page } from '@playwright/test';
import {
  adminCredentials,
  expect,
  login,
  newMember,
  register,
  sectionOrder,
  test,
  PNG,
} from './fixtures';

/** Another person at another browser (own storage, so own session). */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('guests see the member-only notice instead of the directory', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/directory');
  await expect(page.getByRole('heading', { name: 'Member-Only Access' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to Access' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('link', { name: 'Join Community' })).toHaveAttribute(
    'href',
    '/register',
  );
  await page.getByRole('button', { name: 'Add Your Business' }).click();
  await expect(page.getByText('Please login to submit your business listing.')).toBeVisible();
  await page.goto('/directory/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Member Access Required' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a member submits a listing, the admin approves it, another member finds and opens it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const owner = newMember();
  const word = `Zebrawood${Date.now().toString(36)}`;
  const name = `${word} Coffee Roasters`;
  await register(page, owner);
  await page.goto('/directory');
  await page.getByRole('button', { name: 'Add Your Business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Your Business' });
  await dialog.getByLabel(/^Business Name/).fill(name);
  await dialog.getByLabel(/^Category/).selectOption('retail');
  await dialog.getByLabel(/^Description/).fill('Small-batch Ethiopian coffee, roasted weekly.');
  await dialog.getByLabel(/^Email/).fill('hello@zebrawood.example');
  await dialog.getByLabel(/^City/).fill('Toronto');
  await dialog.getByLabel(/^Country/).selectOption('Canada');
  await dialog.getByLabel('Monday').fill('8:00 - 18:00');
  await dialog.getByLabel(/^Tags/).fill('coffee, roastery');
  await dialog.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(dialog.getByAltText('Preview of logo.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText(/submitted and is pending review/)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'My Submissions (1)' }).click();
  await expect(page).toHaveURL(/tab=mine/);
  const mine = page.getByTestId('listing-card').filter({ hasText: name });
  await expect(mine.getByText('Pending')).toBeVisible();
  await expect(mine.getByRole('img', { name: `Logo of ${name}` })).toBeVisible();

  const admin = await otherBrowser(browser);
  await login(admin, adminCredentials.email, adminCredentials.password);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /^Directory \(\d+\)$/ }).click();
  const card = admin.getByRole('article').filter({ hasText: name });
  await expect(card.getByText(owner.email, { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toBeHidden();
  await admin.getByRole('button', { name: /^All Listings/ }).click();
  await expect(
    admin.getByRole('article').filter({ hasText: name }).getByText('Approved'),
  ).toBeVisible();

  const reader = await otherBrowser(browser);
  await register(reader, newMember());
  await reader.goto('/directory');
  await reader.getByLabel('Search').fill(word.toLowerCase());
  await expect(reader).toHaveURL(new RegExp(`search=${word.toLowerCase()}`));
  const found = reader.getByTestId('listing-card');
  await expect(found).toHaveCount(1);
  // A screen reader hears what the search found, not only a sighted reader.
  await expect(reader.getByRole('status').filter({ hasText: 'listing found' })).toHaveText(
    '1 listing found',
  );
  await found.getByRole('link', { name }).click();
  await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    reader.getByText('This listing is approved and visible to the public'),
  ).toBeVisible();
  await expect(reader.getByText(owner.email)).toBeVisible();
  await expect(reader.getByText('8:00 - 18:00')).toBeVisible();
  // The spec's order: contact and hours, then comments, then who listed it, its tags and status.
  await expect(reader.getByRole('heading', { name: /^Comments/ })).toBeVisible();
  const sections = ['Contact Information', 'Business Hours', 'Comments', 'Listed by', 'Tags'];
  expect(await sectionOrder(reader, [...sections, 'Listing Status'])).toEqual([
    ...sections,
    'Listing Status',
  ]);
  // The filtered list survives a reload (filters live in the URL).
  await reader.goBack();
  await reader.reload();
  await expect(reader.getByLabel('Search')).toHaveValue(word.toLowerCase());
  await expect(reader.getByTestId('listing-card')).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
