import type { BrowserContext, Page } from '@playwright/test';
import {
  adminCredentials,
  createEventAsAdmin,
  expect,
  goingMember,
  login,
  openUserMenu,
  test,
} from './fixtures';

/**
 * Issue 39 (docs/adr/0071): a member's tickets and the door's check-in screen open again without
 * a network once opened, served by the site's service worker; signing out leaves no copy.
 */

/** Offline, reloaded: the page must come from the service worker, not the network. */
async function reloadOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
}

const TICKET_TEXTS = {
  en: {
    kept: 'Saved on this device: this page opens without a connection.',
    region: 'Your entry tickets',
    qr: (event: string) => `QR code of your ticket to ${event}`,
    offline: /^You are offline/,
  },
  am: {
    kept: 'በዚህ መሣሪያ ላይ ተቀምጧል፤ ይህ ገጽ ያለ ኢንተርኔት ግንኙነት ይከፈታል።',
    region: 'የመግቢያ ትኬቶችዎ',
    qr: (event: string) => `የ${event} ትኬትዎ QR ኮድ`,
    offline: /^ከመስመር ውጭ ነዎት/,
  },
};

for (const language of ['en', 'am'] as const) {
  test(`${language}: My tickets opens offline after a reload, with the QR code and the event`, async ({
    page,
    context,
    request,
  }) => {
    const texts = TICKET_TEXTS[language];
    const title = `Hall without reception ${language} ${Date.now()}`;
    const event = await createEventAsAdmin(request, { title });
    const member = await goingMember(request, event._id);
    await login(page, member.email, member.password);
    if (language === 'am') await page.evaluate(() => localStorage.setItem('language', 'am'));
    await page.goto('/profile');
    const tickets = page.getByRole('region', { name: texts.region });
    // Shown once the worker holds the page, its files and the member's answers.
    await expect(tickets.getByText(texts.kept)).toBeVisible({ timeout: 30_000 });

    await reloadOffline(page, context);
    const ticket = tickets.getByRole('listitem').filter({ hasText: title });
    await expect(ticket.getByRole('img', { name: texts.qr(title) })).toBeVisible();
    await expect(ticket.getByRole('link', { name: title })).toBeVisible();
    await expect(ticket).toContainText(member.name);
    await expect(tickets.getByText(texts.offline)).toBeVisible();
    // The Ethiopic web font came from the worker too: Amharic is drawn, not boxes.
    const ethiopic = await page.evaluate(() =>
      document.fonts.check('16px "Noto Sans Ethiopic"', 'ሀ'),
    );
    if (language === 'am') expect(ethiopic).toBe(true);
    await context.setOffline(false);
  });
}

test('the door check-in screen reopens offline and still admits from the list it holds', async ({
  page,
  context,
  request,
}) => {
  const title = `Offline door ${Date.now()}`;
  const event = await createEventAsAdmin(request, { title });
  const member = await goingMember(request, event._id);
  const chunks: string[] = [];
  page.on('request', (req) => chunks.push(new URL(req.url()).pathname));
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Door check-in' })).toBeVisible();
  // The console's other screens do not carry the check-in screen: its chunk loads when opened.
  const checkInChunk = /\/remotes\/admin\/assets\/CheckInPage-[\w-]+\.js$/;
  expect(chunks.filter((path) => checkInChunk.test(path))).toEqual([]);
  await page.getByRole('link', { name: 'Door check-in' }).click();
  await page.getByRole('link', { name: new RegExp(title) }).click();
  expect(chunks.filter((path) => checkInChunk.test(path))).toHaveLength(1);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    page.getByText('Saved on this device: this screen opens without a connection.'),
  ).toBeVisible({ timeout: 30_000 });

  await reloadOffline(page, context);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/^Offline: check-ins are decided/)).toBeVisible();
  await expect(page.getByTestId('door-counts')).toHaveText('0 of 1 checked in');
  await page.getByLabel('Name or email').fill(member.email);
  await page.getByRole('button', { name: `Check in ${member.name}` }).click();
  const result = page.getByTestId('door-result');
  await expect(result).toContainText('Valid: checked in now');
  await expect(result).toContainText('Decided on this device while offline');

  // Back online, the queue syncs and the server counts the admission.
  await context.setOffline(false);
  await expect(page.getByTestId('door-counts')).toHaveText('1 of 1 checked in', {
    timeout: 20_000,
  });
});

test('signing out deletes the tickets kept on the device', async ({ page, context, request }) => {
  const title = `Signed-out gala ${Date.now()}`;
  const event = await createEventAsAdmin(request, { title });
  const member = await goingMember(request, event._id);
  await login(page, member.email, member.password);
  await page.goto('/profile');
  await expect(
    page.getByText('Saved on this device: this page opens without a connection.'),
  ).toBeVisible({ timeout: 30_000 });
  const keptAnswers = () =>
    page.evaluate(async () => {
      const cache = (await caches.has('member-answers'))
        ? await caches.open('member-answers')
        : null;
      const keys = cache ? await cache.keys() : [];
      return keys.map((key) => new URL(key.url).pathname);
    });
  expect(await keptAnswers()).toEqual(expect.arrayContaining(['/api/auth/me', '/api/tickets']));
  expect(await page.evaluate(() => localStorage.getItem('diaspora:entry-tickets'))).not.toBeNull();

  await openUserMenu(page, member.name);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(keptAnswers).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('diaspora:entry-tickets'))).toBeNull();

  // Offline, the profile has no member to show and no ticket of theirs.
  await context.setOffline(true);
  await page.goto('/profile').catch(() => undefined);
  await expect(page.getByText(title)).toHaveCount(0);
  await context.setOffline(false);
});
