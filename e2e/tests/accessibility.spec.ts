import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  adminCredentials,
  expect,
  listingFields,
  login,
  markEmailVerified,
  newMember,
  register,
  test as base,
  PNG,
  type AxeAudit,
} from './fixtures';

// Every screen checked by axe-core against WCAG 2.1 A and AA (labels, names, contrast, landmarks,
// ARIA), in English and Amharic, as a guest, a member and an admin: what a screen reader and a
// keyboard need, on the real pages once their data has loaded. Then the states reached by
// interaction: open dialogs and galleries, open editors, forms showing their errors.

// Every test here also fails on an unexpected console error: listened to from the test's start
// (an automatic fixture, set up before the test), checked at its end.
const test = base.extend<{ quietConsole: void }>({
  quietConsole: [
    async ({ consoleErrors }, use) => {
      await use();
      expect(consoleErrors).toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens each path: its violations by path (none expected). */
async function audit(page: Page, axe: AxeAudit, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await axe.check(path);
  }
}

/** The first item of a list answer, for its detail page. */
async function firstId(page: Page, path: string, key: string): Promise<string | undefined> {
  const answer = (await (await page.request.get(path)).json()) as Record<
    string,
    Array<{ _id: string }>
  >;
  return answer[key]?.[0]?._id;
}

async function guestPages(page: Page): Promise<string[]> {
  const pages = [
    '/',
    '/events',
    '/news',
    '/about',
    '/join',
    '/tutorials',
    '/login',
    '/register',
    '/forgot-password',
    '/privacy',
    '/terms',
    '/no-such-page',
    // A new feature's page goes above (`nx g @diaspora/tools:feature` puts it there).
  ];
  const event = await firstId(page, '/api/events?limit=1', 'events');
  const article = await firstId(page, '/api/news?limit=1', 'news');
  if (event) pages.push(`/events/${event}`);
  if (article) pages.push(`/news/${article}`);
  return pages;
}

for (const language of ['en', 'am'] as const) {
  test(`a guest's pages pass axe's WCAG 2.1 AA checks (${language})`, async ({ page, axe }) => {
    await page.addInitScript((lng) => localStorage.setItem('language', lng), language);
    await audit(page, axe, await guestPages(page));
  });
}

test("a member's pages pass axe's WCAG 2.1 AA checks", async ({ page, axe }) => {
  await register(page, newMember());
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pages = ['/', '/profile', '/complete-profile', '/directory', '/contact', '/tutorials'];
  pages.push('/notifications', '/notifications/preferences');
  const listings = (await (
    await page.request.get('/api/directory?limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { listings?: Array<{ _id: string }> };
  if (listings.listings?.[0]) pages.push(`/directory/${listings.listings[0]._id}`);
  await audit(page, axe, pages);
});

test("the admin console's tabs pass axe's WCAG 2.1 AA checks", async ({ page, axe }) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await audit(page, axe, ['/admin']);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (let index = 0; index < (await tabs.count()); index++) {
    await tabs.nth(index).click();
    await axe.check(`/admin tab ${(await tabs.nth(index).innerText()).trim()}`);
  }
  await audit(page, axe, ['/admin/tutorials']);
});

// The states reached by interaction: each checked on the whole page, the dialog or editor open.

/** Resolves once the image has loaded (the lightbox's picture, checked for its alt text). */
async function loaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);
}

/** An Amharic text of the interface, as the pages draw it (libs/i18n's resources). */
function amharic(namespace: string, key: string, values: Record<string, string | number> = {}) {
  const file = join(__dirname, '../../libs/i18n/src/locales/am', `${namespace}.json`);
  let text: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) text = (text as Record<string, unknown>)[part];
  if (typeof text !== 'string') throw new Error(`no Amharic text ${namespace}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

test("states in Amharic pass axe's WCAG 2.1 AA checks: a gallery, a phone's menu, forms' errors", async ({
  page,
  axe,
}) => {
  // The names a screen reader speaks must hold the words on screen in Amharic too (WCAG 2.5.3).
  await page.addInitScript(() => localStorage.setItem('language', 'am'));
  const answer = (await (await page.request.get('/api/events?limit=50')).json()) as {
    events: Array<{ _id: string; images: unknown[] }>;
  };
  const withPhotos = answer.events.find((event) => event.images.length > 1);
  expect(withPhotos, 'a demo event with photos').toBeDefined();
  await page.goto(`/events/${withPhotos!._id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await page.getByRole('button', { name: amharic('ui', 'openImage', { number: 2 }) }).click();
  const viewer = page.getByRole('dialog', { name: amharic('ui', 'imageViewer') });
  await expect(viewer).toBeVisible();
  await loaded(page, '.lightbox__image');
  await axe.check('am /events/:id: the gallery at its second photo');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.goto('/contact');
  await page.getByRole('button', { name: amharic('contact', 'form.submit') }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await axe.check('am /contact: the form submitted empty');

  await page.goto('/login');
  await page.getByRole('button', { name: amharic('auth', 'login.submit') }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await axe.check('am /login: the required fields');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: amharic('common', 'nav.openMenu') }).click();
  await expect(
    page.getByRole('button', { name: amharic('common', 'nav.closeMenu') }),
  ).toHaveAttribute('aria-expanded', 'true');
  await axe.check("am: a phone's navigation menu");
});

test("the events' photo galleries pass axe's WCAG 2.1 AA checks when open", async ({
  page,
  axe,
}) => {
  await page.goto('/events');
  await page
    .getByRole('button', { name: /^View \d+ photos of / })
    .first()
    .click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  await loaded(page, '.lightbox__image');
  await axe.check("/events: an event card's photos");
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  const card = page.getByTestId('event-card').first();
  await card.getByRole('button', { name: 'Show Comments' }).click();
  await expect(card.getByRole('button', { name: 'Hide Comments' })).toBeVisible();
  await axe.check("/events: an event card's comments");

  const answer = (await (await page.request.get('/api/events?limit=50')).json()) as {
    events: Array<{ _id: string; images: unknown[] }>;
  };
  const withPhotos = answer.events.find((event) => event.images.length > 1);
  expect(withPhotos, 'a demo event with photos').toBeDefined();
  await page.goto(`/events/${withPhotos!._id}`);
  await page.getByRole('button', { name: 'Open image 2' }).click();
  await expect(viewer).toBeVisible();
  await loaded(page, '.lightbox__image');
  await axe.check('/events/:id: the gallery at its second photo');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test("a paid event's payment dialog passes axe's WCAG 2.1 AA checks", async ({ page, axe }) => {
  const answer = (await (await page.request.get('/api/events?upcoming=true&limit=50')).json()) as {
    events: Array<{ _id: string; isFree: boolean; isActive: boolean }>;
  };
  const paid = answer.events.find((event) => !event.isFree && event.isActive);
  expect(paid, 'a paid upcoming event in the demo content').toBeDefined();
  await register(page, newMember());
  await page.goto(`/events/${paid!._id}`);
  await page.getByRole('button', { name: 'Going (Pay)' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Not Available' })).toBeVisible();
  await axe.check('/events/:id: the payment dialog');
});

test("the navigation and account menus pass axe's WCAG 2.1 AA checks when open", async ({
  page,
  axe,
}) => {
  const member = newMember();
  await register(page, member);
  const account = page.getByRole('button', { name: `Account menu for ${member.name}` });
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await axe.check('the account menu');
  await page.keyboard.press('Escape');

  // A phone: the top bar's links fold into a menu, the account menu inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await axe.check("a phone's navigation menu");
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await axe.check("a phone's navigation menu with the account menu");
});

test("the tutorials' enrollment dialog passes axe's WCAG 2.1 AA checks, with its errors", async ({
  page,
  axe,
}) => {
  // First with the address not yet confirmed: the dialog says so and offers the link again.
  const member = newMember();
  await register(page, member, { verified: false });
  await page.goto('/tutorials');
  const enroll = page.getByRole('button', { name: 'Enroll Now in Computer Basics' });
  await enroll.click();
  const dialog = page.getByRole('dialog', { name: 'Enroll in Computer Basics' });
  await expect(dialog.getByRole('button', { name: 'Resend the link' })).toBeVisible();
  await axe.check('/tutorials: the dialog, the address not confirmed');
  await markEmailVerified(member.email);
  await page.reload();
  await enroll.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend the link' })).toHaveCount(0);
  await axe.check('/tutorials: the dialog');
  await dialog.getByRole('button', { name: 'Submit Enrollment' }).click();
  await expect(dialog.getByText('Address must be at least 10 characters')).toBeVisible();
  await axe.check('/tutorials: the dialog showing its errors');
});

test.describe('the sign-in and registration forms showing errors', () => {
  // The wrong password's 401 and the taken address's 409 are the answers under test.
  test.use({
    expectedConsoleErrors: [
      /Failed to load resource: the server responded with a status of 40[19]/,
    ],
  });

  test("pass axe's WCAG 2.1 AA checks", async ({ page, axe }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await axe.check('/login: the required fields');
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await axe.check('/login: a wrong password');

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await axe.check('/register: the required fields');
    await page.getByLabel('Full name').fill('Taken Address');
    await page.getByLabel('Email address').fill(adminCredentials.email);
    await page.getByLabel(/^Password/).fill('secret-member-2026');
    await page.getByLabel('Confirm password').fill('secret-member-2026');
    await page.getByLabel('Country').selectOption('Canada');
    await page.getByLabel('Profession').fill('Software engineer');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await axe.check('/register: an address already taken');
  });
});

test("the profile's editor and delete-account dialog pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  await register(page, newMember());
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  const name = page.getByLabel('Full name');
  await expect(name).toBeFocused();
  await axe.check('/profile: the editor');
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await axe.check('/profile: the editor showing an error');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await axe.check('/profile: the delete-account dialog');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog.getByLabel(/Enter your password to confirm/)).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await axe.check('/profile: the delete-account dialog without a password');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test("the directory's listing forms and gallery pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  await register(page, newMember());
  await page.goto('/directory');
  await page.getByRole('button', { name: 'Add Your Business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Your Business' });
  await expect(dialog).toBeVisible();
  await axe.check('/directory: the new listing form');
  await dialog.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(dialog.getByLabel(/^Business Name/)).toHaveAttribute('aria-invalid', 'true');
  await axe.check('/directory: the new listing form showing its errors');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // The member's own pending listing, with a logo and a photo: its gallery and its edit form.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const name = `Accessible Roasters ${Date.now()}`;
  const created = await page.request.post('/api/directory', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name,
      description: 'Small-batch coffee, roasted weekly.',
      type: 'business',
      category: 'retail',
      'contact.address.country': 'Canada',
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
      images: { name: 'shop.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  await page.goto(`/directory/${_id}`);
  await page.getByRole('button', { name: 'Open image 1' }).click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  await loaded(page, '.lightbox__image');
  await axe.check("/directory/:id: the listing's gallery");
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit and Resubmit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Your Listing' });
  await expect(edit.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await axe.check("/directory/:id: the listing's edit form");
});

test("the contact form passes axe's WCAG 2.1 AA checks, submitted empty", async ({ page, axe }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await axe.check('/contact: the form submitted empty');
});

test("the console's event editor and cancel-event dialog pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  const create = page.getByRole('form', { name: 'Create Event' });
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(create.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await axe.check('Events: the new event form showing its errors');
  await page
    .getByRole('table')
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const edit = page.getByRole('form', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).not.toHaveValue('');
  await axe.check("Events: an event's editor");
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toHaveCount(0);

  const cancel = page.getByRole('button', { name: /^Cancel event: / }).first();
  const title = ((await cancel.getAttribute('aria-label')) ?? '').replace(/^Cancel event: /, '');
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${title}?` });
  await expect(dialog).toBeVisible();
  await axe.check('Events: the cancel-event dialog');
  // Kept: the event is not cancelled.
  await dialog.getByRole('button', { name: 'Keep event' }).click();
  await expect(dialog).toHaveCount(0);
});

test("the console's news editor and article view pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^News \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByRole('heading', { name: 'Create Article', level: 3 })).toBeVisible();
  await axe.check('News: the new article editor');
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await axe.check('News: the editor showing its errors');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const table = page.getByRole('table');
  await table
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Article', level: 3 })).toBeVisible();
  await axe.check("News: an article's editor");
  await page.getByRole('button', { name: 'Cancel' }).click();

  await table
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await axe.check('News: an article viewed');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
});

test("the console's course and team editors pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin/tutorials');
  await page.getByRole('tab', { name: 'Courses' }).click();
  await page.getByRole('button', { name: 'Add Course' }).click();
  await expect(page.getByRole('heading', { name: 'New Course', level: 3 })).toBeVisible();
  await axe.check('Courses: the new course editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await axe.check('Courses: the editor showing its errors');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Computer Basics' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Course', level: 3 })).toBeVisible();
  await axe.check("Courses: a course's editor");
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await expect(page.getByRole('heading', { name: 'New Team Member', level: 3 })).toBeVisible();
  await page.getByRole('button', { name: 'Add education' }).click();
  await axe.check('Team: the new member editor, with an education entry');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await axe.check('Team: the editor showing its errors');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('table')
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Team Member', level: 3 })).toBeVisible();
  await axe.check("Team: a member's editor");
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test("the console's inbox, moderation dialogs and user actions pass axe's WCAG 2.1 AA checks", async ({
  page,
  axe,
}) => {
  const stamp = Date.now();
  // A message in the inbox, and a member's listing waiting for moderation.
  const subject = `Accessible inbox ${stamp}`;
  const sent = await page.request.post('/api/contact', {
    data: {
      name: 'Hanna Girma',
      email: 'hanna@example.org',
      subject,
      message: 'Is the hall reachable by wheelchair?',
    },
  });
  expect(sent.ok()).toBe(true);
  const owner = newMember();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...owner, country: 'Canada', profession: 'Baker' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await markEmailVerified(owner.email);
  const listingName = `Accessible Bakery ${stamp}`;
  const listing = await page.request.post('/api/directory', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: listingFields(listingName, owner.email),
  });
  expect(listing.status()).toBe(201);

  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^Messages/ }).click();
  const message = page.getByRole('listitem').filter({ hasText: subject });
  await message.getByText(subject).click();
  await expect(message.getByText('Is the hall reachable by wheelchair?')).toBeVisible();
  await axe.check('Messages: a message opened');

  // The recorded emails (no SMTP here: a warning, statuses and secret links marked).
  await page.getByRole('tab', { name: 'Emails' }).click();
  await expect(page.getByText('Secret link', { exact: true }).first()).toBeVisible();
  await axe.check('Emails: recorded emails with secret links');

  await page.getByRole('tab', { name: /^Directory \(\d+\)$/ }).click();
  const card = page.getByRole('article').filter({ hasText: listingName });
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: listingName });
  await expect(details).toBeVisible();
  await axe.check("Directory: a listing's details");
  await details.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog');
  await expect(reject).toBeVisible();
  await axe.check('Directory: the reject dialog');
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toHaveCount(0);

  // A row's actions ask through the browser's own confirm (no dialog of ours); what they leave
  // on the page, a blocked member's row and the reset link's note, is checked.
  await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  await page.getByLabel('Search members').fill(owner.email);
  const row = page.getByRole('row', { name: new RegExp(owner.name) });
  await expect(page.getByRole('row')).toHaveCount(2);
  page.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: `Send ${owner.name} a password reset link` }).click();
  await expect(row.getByRole('status')).toHaveText('Reset link sent');
  page.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: `Block ${owner.name}` }).click();
  await expect(row.getByRole('button', { name: `Unblock ${owner.name}` })).toBeVisible();
  await axe.check("Users: a blocked member's row, the reset link sent");
});
