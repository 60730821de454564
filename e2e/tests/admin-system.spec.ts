import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

// The admin console's System view (issue 38): the API's GET /api/admin/system drawn as an admin
// reads it, in both languages and by keyboard; members get no System view and the API refuses them.
test.use({ timezoneId: 'Africa/Addis_Ababa' });

test('an admin reads the System view: services, jobs, outbox and this server', async ({ page }) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  // By keyboard: from the first tab, End selects the last of the tab list, which is System.
  await page.getByRole('tab').first().focus();
  await page.keyboard.press('End');
  const tab = page.getByRole('tab', { name: 'System' });
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'System', level: 2 })).toBeVisible();

  const services = page.getByRole('table', { name: 'Services' });
  const service = (name: string) => services.getByRole('row').filter({ hasText: name });
  await expect(service('Database')).toContainText('Working');
  await expect(service('File storage')).toContainText('Working');
  await expect(service('Redis (queue and cache)')).toContainText(/Working|Not configured/);
  await expect(service('Email server (SMTP)')).toContainText(/Working|Not configured/);
  await expect(page.getByRole('region', { name: 'Background jobs' })).toContainText('Failed');
  await expect(page.getByRole('region', { name: 'Email outbox' })).toContainText(
    'Emails waiting to be sent',
  );
  // Each process that reported is listed; exactly one is marked as the one that answered.
  const servers = page.getByRole('table', { name: 'Servers' });
  const answering = servers.getByRole('rowheader').filter({ hasText: 'answered this page' });
  await expect(answering).toHaveCount(1);
  await expect(answering).toContainText(/process \d+/);
  await expect(servers.getByRole('row').filter({ hasText: 'answered this page' })).toContainText(
    'Yes',
  );
  // "Checked" is the reader's time: what the page drew is the API's checkedAt in Addis Ababa.
  const checked = await page.getByText(/^Checked /).textContent();
  expect(checked).toMatch(/\d{1,2}:\d{2}\s?[AP]M/);

  const asked = page.waitForResponse((res) => res.url().endsWith('/api/admin/system'));
  await page.getByRole('button', { name: 'Check again' }).click();
  expect((await asked).status()).toBe(200);

  await page.evaluate(() => localStorage.setItem('language', 'am'));
  await page.reload();
  await page.getByRole('tab', { name: 'ሥርዓት' }).click();
  await expect(page.getByRole('heading', { name: 'ሥርዓት', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'አገልግሎቶች' }).getByRole('row').filter({ hasText: 'የመረጃ ቋት' }),
  ).toContainText('እየሠራ ነው');
});

test('a member has no System view, and the API refuses them', async ({ page, request }) => {
  const member = newMember();
  await register(page, member);
  // The shell sends a member away from /admin (to the home page): no System tab anywhere.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'System' })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const refused = await request.get('/api/admin/system', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect((await request.get('/api/admin/system')).status()).toBe(401);
});
