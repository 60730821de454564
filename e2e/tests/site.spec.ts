import type { Page } from '@playwright/test';
import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

/** Every API call the page makes, with its status. */
function recordApiCalls(page: Page) {
  const calls: Array<{ path: string; status: number }> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/'))
      calls.push({ path: url.pathname, status: response.status() });
  });
  return calls;
}

test('the home page renders every section for a guest, calling only public routes', async ({
  page,
  consoleErrors,
}) => {
  const calls = recordApiCalls(page);
  await page.goto('/');
  await expect(
    page.getByRole('heading', {
      name: 'Connecting Ethiopian professionals around the world',
      level: 1,
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the Community' })).toHaveAttribute(
    'href',
    '/join',
  );
  await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute(
    'href',
    '/tutorials',
  );
  await expect(page.getByRole('region', { name: 'Our community in numbers' })).toBeVisible();
  for (const section of [
    'What you can do here',
    'Upcoming events',
    'Latest news',
    'Featured courses',
    'Words that inspire us',
    'Be part of the network',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  // The demo content fills the events and news sections: cards, never more than 4.
  const events = page.locator('section', {
    has: page.getByRole('heading', { name: 'Upcoming events' }),
  });
  await expect(events.getByRole('article').first()).toBeVisible();
  expect(await events.getByRole('article').count()).toBeLessThanOrEqual(4);
  const news = page.locator('section', { has: page.getByRole('heading', { name: 'Latest news' }) });
  await expect(news.getByRole('article').first()).toBeVisible();
  expect(await news.getByRole('article').count()).toBeLessThanOrEqual(4);
  await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/register');

  await page.waitForLoadState('networkidle');
  expect(calls.filter((call) => call.status >= 400)).toEqual([]);
  // A guest never calls a member-only or admin route.
  expect(
    calls.filter((call) => /^\/api\/(auth\/me|users|admin|contact\/messages)/.test(call.path)),
  ).toEqual([]);
  expect(calls.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('the quote carousel advances by itself and can be paused', async ({ page, consoleErrors }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Words that inspire us' });
  await expect(carousel.getByRole('figure', { name: 'Quote 1 of 8' })).toBeVisible();
  await expect(carousel.getByRole('figure', { name: 'Quote 2 of 8' })).toBeVisible({
    timeout: 8000,
  });
  await carousel.getByRole('button', { name: 'Pause quotes' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Be part of the network' }).click();
  await page.waitForTimeout(6000);
  await expect(carousel.getByRole('figure', { name: 'Quote 2 of 8' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Play quotes' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the carousel stays still for readers who prefer reduced motion', async ({
  page,
  consoleErrors,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Words that inspire us' });
  await expect(carousel.getByRole('figure', { name: 'Quote 1 of 8' })).toBeVisible();
  await page.waitForTimeout(6000);
  await expect(carousel.getByRole('figure', { name: 'Quote 1 of 8' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next quote' }).click();
  await expect(carousel.getByRole('figure', { name: 'Quote 2 of 8' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

async function sendContactMessage(page: Page, subject: string) {
  await page.getByLabel('Your name').fill('Hanna Girma');
  await page.getByLabel('Email address').fill('hanna@example.org');
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('I would like to volunteer with the youth programme.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('Thank you for your message! We will get back to you soon.'),
  ).toBeVisible();
}

test('a contact message without SMTP is saved, says so, and reaches the admin inbox', async ({
  page,
  consoleErrors,
}) => {
  const subject = `Volunteering ${Date.now()}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await sendContactMessage(page, subject);
  await expect(page.getByText(/message saved \(email not configured\)/)).toBeVisible();

  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Messages \(\d+ new\)$/ }).click();
  const message = page.getByRole('listitem').filter({ hasText: subject });
  await expect(message.getByText('Email not configured')).toBeVisible();
  await message.getByText(subject).click();
  await expect(
    message.getByText('I would like to volunteer with the youth programme.'),
  ).toBeVisible();
  await message.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(message.getByText('Handled', { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a contact message with a real SMTP server shows the sent status', async ({
  page,
  consoleErrors,
}) => {
  const mailBaseUrl = process.env.MAIL_BASE_URL;
  // Skipped only when Playwright runs outside scripts/test.mjs, whose e2e stage always sets it.
  test.skip(
    !mailBaseUrl,
    'the test runner starts the platform with an SMTP sink (scripts/test.mjs)',
  );
  await page.goto(`${mailBaseUrl}/contact`);
  await sendContactMessage(page, `Sent ${Date.now()}`);
  await expect(page.getByText(/Email status: sent/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an admin blocks a member, who then cannot sign in, and the audit log shows it', async ({
  browser,
  page,
  consoleErrors,
}) => {
  const member = newMember();
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await register(memberPage, member);

  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  await page.getByLabel('Search members').fill(member.email);
  const row = page.getByRole('row', { name: new RegExp(member.name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Block ${member.name}` }).click();
  await expect(row.getByText('Blocked')).toBeVisible();

  // The member's open session ends at once: the next page load signs them out to /login.
  await memberPage.goto('/profile');
  await expect(memberPage).toHaveURL(/\/login$/);
  await memberPage.getByLabel('Email address').fill(member.email);
  await memberPage.getByLabel('Password').fill(member.password);
  await memberPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(memberPage.getByText(/Your account has been blocked/)).toBeVisible();
  await memberContext.close();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entry = page.getByRole('row', { name: new RegExp(member.email) }).first();
  await expect(entry).toContainText('Blocked member');
  await expect(entry).toContainText('Administrator');
  expect(consoleErrors).toEqual([]);
});
