import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  adminCredentials,
  listingFields,
  markEmailVerified,
  newMember,
  test,
  type Member,
  PNG,
} from './fixtures';

// The admin console deployed on its own origin (docs/adr/0015-standalone-admin-console.md):
// scripts/test.mjs builds it with ADMIN_BASE=/, serves it with deploy/admin-console.nginx.conf at
// CONSOLE_URL (http://localhost:<port>, another site than the API's 127.0.0.1) and starts the API
// with CORS_ORIGINS set to it. Any request the API's CORS refuses logs a console error and fails.
const consoleUrl = process.env.CONSOLE_URL;
const apiOrigin = new URL(process.env.BASE_URL ?? 'http://localhost:3000').origin;

// Skipped only when Playwright runs outside scripts/test.mjs, whose e2e stage always sets CONSOLE_URL.
test.skip(!consoleUrl, 'CONSOLE_URL is set by the e2e stage of scripts/test.mjs');
test.use({
  baseURL: consoleUrl,
  // Chromium logs the 409 the admin's day provokes on purpose (deleting an event with paid tickets).
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 409/],
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An uploaded image that the browser really loaded from the API's origin. */
async function expectLoadedFromApi(image: Locator): Promise<void> {
  await expect(image).toHaveAttribute('src', new RegExp(`^${escape(apiOrigin)}/api/files/`));
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}

function confirmNextDialog(
  page: Page,
  message = 'Are you sure you want to delete this item?',
): void {
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(message);
    void dialog.accept();
  });
}

/** A new member registered through the API (on the platform), with their bearer header. */
async function registerThroughApi(
  request: APIRequestContext,
): Promise<Member & { headers: Record<string, string> }> {
  const member = newMember();
  const response = await request.post(`${apiOrigin}/api/auth/register`, {
    data: { ...member, country: 'Canada', profession: 'Baker' },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await markEmailVerified(member.email);
  return { ...member, headers: { Authorization: `Bearer ${token}` } };
}

/** The things the admin moderates: a member's pending listing with a logo and an enrollment. */
async function submitForModeration(request: APIRequestContext, stamp: number) {
  const owner = await registerThroughApi(request);
  const listingName = `Console Bakery ${stamp}`;
  const listing = await request.post(`${apiOrigin}/api/directory`, {
    headers: owner.headers,
    multipart: {
      ...listingFields(listingName, owner.email),
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(listing.status()).toBe(201);

  const student = await registerThroughApi(request);
  const enrollment = await request.post(`${apiOrigin}/api/tutorials/enroll`, {
    headers: student.headers,
    data: {
      course: 'computer-basics',
      fullName: student.name,
      address: '12 Bank Street, Apt 3',
      city: 'Ottawa',
      telephone: '+1 613 555 0100',
      email: student.email,
    },
  });
  expect(enrollment.status()).toBe(201);
  return { owner, listingName, student };
}

test("the admin's day on the standalone console", async ({ page, request, consoleErrors }) => {
  const stamp = Date.now();
  const { owner, listingName, student } = await submitForModeration(request, stamp);
  const header = page.getByRole('banner');

  // `/` falls back to the console, which asks an anonymous visitor to sign in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(adminCredentials.email);
  await page.getByLabel('Password').fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(header).toContainText(/Signed in as \S/);
  await expect(header.getByRole('link', { name: 'Open the site' })).toHaveAttribute(
    'href',
    `${apiOrigin}/`,
  );

  // An event with an image: created (POST), its image shown, edited (PUT), deleted (DELETE).
  const title = `Console gala ${stamp}`;
  const create = page.getByRole('form', { name: 'Create Event' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Description').fill('An evening planned from the standalone console.');
  await create.getByLabel(/^Date/).fill('2031-09-20');
  await create.getByLabel(/^Time/).fill('19:00');
  await create.getByLabel('Location name').fill('Harbour Hall');
  await create.getByLabel(/^Country/).selectOption('Canada');
  // No city: Canada's zones are offered and one is chosen.
  await create.getByLabel(/^Venue time zone/).selectOption('America/Halifax');
  await create
    .getByLabel('Images (up to 10, max 500MB each)')
    .setInputFiles({ name: 'gala.png', mimeType: 'image/png', buffer: PNG });
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expectLoadedFromApi(edit.locator('.event-form__media img').first());
  const renamed = `${title} (moved)`;
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByLabel('Location name').fill('Lakeside Hall');
  await edit.getByRole('button', { name: 'Update Event' }).click();
  const renamedRow = page.getByRole('row', { name: new RegExp(escape(renamed)) });
  await expect(renamedRow.getByRole('cell', { name: 'Lakeside Hall' })).toBeVisible();

  // Cancelled (POST /events/:id/cancel) from a dialog worked by keyboard: it stays, marked.
  await page.getByRole('button', { name: `Cancel event: ${renamed}` }).focus();
  await page.keyboard.press('Enter');
  const cancelDialog = page.getByRole('dialog', { name: `Cancel ${renamed}?` });
  await expect(cancelDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toHaveCount(0);
  await page.keyboard.press('Enter');
  await cancelDialog.getByRole('button', { name: 'Cancel event' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `${renamed} is cancelled.` }),
  ).toBeVisible();
  await expect(renamedRow.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(renamedRow.getByRole('button', { name: `Cancel event: ${renamed}` })).toHaveCount(0);

  // A demo event with a paid ticket: the server refuses its deletion and the console says why.
  confirmNextDialog(page);
  await page.getByRole('button', { name: 'Delete Ethiopian New Year Gala' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'This event has paid tickets: cancel it first, which refunds them and tells the members',
    }),
  ).toBeVisible();

  confirmNextDialog(page);
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(escape(renamed)) })).toHaveCount(0);

  // An article with an uploaded image (PUT /news/:id/image): created, shown, edited, deleted.
  const headline = `Console news ${stamp}`;
  await page.getByRole('tab', { name: /^News \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Create Article' }).click();
  await page.getByLabel('Title').fill(headline);
  await page.getByLabel('Content').fill('Written on the standalone console.');
  await page.getByLabel('Category').selectOption('community');
  await page
    .getByLabel('Or upload an image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save Article' }).click();
  const articleRow = page.getByRole('row').filter({ hasText: headline });
  await expect(articleRow).toBeVisible();

  await articleRow.getByRole('button', { name: `View ${headline}` }).click();
  const view = page.getByRole('dialog', { name: headline });
  await expectLoadedFromApi(view.locator('img'));
  await expect(view.getByRole('link', { name: 'Open article page' })).toHaveAttribute(
    'href',
    new RegExp(`^${escape(apiOrigin)}/news/`),
  );
  await view.getByRole('button', { name: 'Close' }).click();

  await articleRow.getByRole('button', { name: `Edit ${headline}` }).click();
  await expect(page.getByLabel('Title')).toHaveValue(headline);
  await page.getByLabel('Content').fill('Edited on the standalone console.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(page.getByRole('button', { name: 'Create Article' })).toBeVisible();
  await articleRow.getByRole('button', { name: `View ${headline}` }).click();
  await expect(page.getByRole('dialog', { name: headline })).toContainText(
    'Edited on the standalone console.',
  );
  await expectLoadedFromApi(page.getByRole('dialog', { name: headline }).locator('img'));
  await page.getByRole('button', { name: 'Close' }).click();

  confirmNextDialog(page);
  await articleRow.getByRole('button', { name: `Delete ${headline}` }).click();
  await expect(page.getByRole('row').filter({ hasText: headline })).toHaveCount(0);

  // The other tabs read the API from this origin too.
  await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
  await expect(page.getByRole('cell', { name: adminCredentials.email })).toBeVisible();

  // MODERATION (directory listings, course enrollments): the member's pending listing, with its
  // logo from the API's origin, is looked at, approved, verified and featured (PUTs).
  await page.getByRole('tab', { name: /^Directory \(\d+\)$/ }).click();
  await expect(page.getByRole('button', { name: /^Pending \(\d+\)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const pendingCard = page.getByRole('article').filter({ hasText: listingName });
  await expect(pendingCard).toContainText(owner.email);
  await expectLoadedFromApi(pendingCard.getByRole('img', { name: `Logo of ${listingName}` }));
  await pendingCard.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: listingName });
  await expect(details).toContainText(`${owner.name} (${owner.email})`);
  await expect(details).toContainText('Ottawa, Canada');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await pendingCard.getByRole('button', { name: 'Approve' }).click();
  await expect(pendingCard).toBeHidden();

  await page.getByRole('button', { name: /^All Listings \(\d+\)$/ }).click();
  const listingCard = page.getByRole('article').filter({ hasText: listingName });
  await expect(listingCard.getByText('Approved', { exact: true })).toBeVisible();
  await listingCard.getByRole('button', { name: 'Verify' }).click();
  await expect(listingCard.getByText('Verified', { exact: true })).toBeVisible();
  await expect(listingCard.getByRole('button', { name: 'Verify' })).toHaveCount(0);
  await listingCard.getByRole('button', { name: 'Feature' }).click();
  await expect(listingCard.getByText('Featured', { exact: true })).toBeVisible();
  await expect(listingCard.getByRole('button', { name: 'Feature' })).toHaveCount(0);
  await expectLoadedFromApi(listingCard.getByRole('img', { name: `Logo of ${listingName}` }));

  // The enrollment manager: the member's enrollment found by search and approved (PUT).
  await page.getByRole('link', { name: /^Tutorials \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/tutorials$/);
  await expect(page.getByRole('heading', { name: 'Course Enrollments', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(student.email);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const enrollmentRow = page.getByRole('table', { name: 'Enrollments' }).getByRole('row').nth(1);
  await expect(enrollmentRow).toContainText(student.name);
  await expect(enrollmentRow).toContainText('Pending');
  await enrollmentRow.getByRole('button', { name: `Approve ${student.name}` }).click();
  await expect(enrollmentRow).toContainText('Approved');

  // A team member with a photo (POST, then a multipart PUT): its photo shown, then removed.
  const teamName = `Console Tutor ${stamp}`;
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await page.getByLabel(/^Name/).fill(teamName);
  await page.getByLabel(/^Position \(English\)/).fill('Weekend instructor');
  await page.getByLabel(/^Bio \(English\)/).fill('Teaches from the standalone console.');
  await page
    .getByLabel('Photo')
    .setInputFiles({ name: 'tutor.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save' }).click();
  const teamRow = page.getByRole('row', { name: new RegExp(teamName) });
  await expect(teamRow).toBeVisible();
  await teamRow.getByRole('button', { name: `Edit ${teamName}` }).click();
  await expectLoadedFromApi(page.getByRole('img', { name: `Current photo of ${teamName}` }));
  await page.getByRole('button', { name: 'Cancel' }).click();
  confirmNextDialog(page, 'Remove this team member? This cannot be undone.');
  await teamRow.getByRole('button', { name: `Delete ${teamName}` }).click();
  await expect(page.getByRole('row', { name: new RegExp(teamName) })).toHaveCount(0);

  // A deep link reloads into the console, and Logout ends the session on this origin.
  await page.goto('/admin/tutorials');
  await expect(page).toHaveURL(/\/admin\/tutorials$/);
  await expect(header).toContainText(/Signed in as \S/);
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});

test.describe('an origin missing from CORS_ORIGINS', () => {
  // The refused preflight and the 401 below are the answers under test; Chromium logs both.
  // One pattern: Playwright would read a second array element as fixture options.
  test.use({ expectedConsoleErrors: [/CORS policy|Failed to load resource/] });

  /** A bearer DELETE from a page of `origin`, as the console's own calls are made. */
  async function deleteFrom(page: Page, origin: string): Promise<string> {
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    return page.evaluate(async (api) => {
      try {
        const response = await fetch(`${api}/api/events/000000000000000000000000`, {
          method: 'DELETE',
          headers: { Authorization: 'Bearer not-a-token' },
        });
        return `answered ${response.status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    }, apiOrigin);
  }

  test('is refused by the API, while the configured origin is answered', async ({
    page,
    consoleErrors,
  }) => {
    const allowed = new URL(consoleUrl ?? 'http://localhost').origin;
    // The same nginx answers on 127.0.0.1, which is another origin than the allowed localhost.
    const other = allowed.replace('localhost', '127.0.0.1');
    expect(await deleteFrom(page, allowed)).toBe('answered 401');
    expect(await deleteFrom(page, other)).toBe('refused: TypeError');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("the console's Content-Security-Policy", () => {
  // The refused call below is the answer under test; Chromium logs it.
  test.use({ expectedConsoleErrors: [/Content Security Policy/] });

  test("lets the console call the API's origin and no other", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const login = await request.get('/login');
    const policy = login.headers()['content-security-policy'];
    expect(policy).toContain(`connect-src 'self' ${apiOrigin}`);
    // Scripts from the console's origin, and the one inline script its page has: the import map.
    const importMap = /<script type="importmap">([^<]*)<\/script>/.exec(await login.text())?.[1];
    expect(importMap).toBeDefined();
    const hash = createHash('sha256')
      .update(importMap ?? '')
      .digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    // The same nginx on 127.0.0.1: another origin that answers, opaquely, to a no-cors call.
    const other = new URL(consoleUrl ?? 'http://localhost').origin.replace(
      'localhost',
      '127.0.0.1',
    );
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(`${url}/config.js`, { mode: 'no-cors' });
        return 'sent';
      } catch {
        return 'refused';
      }
    }, other);
    expect(outcome).toBe('refused');
    expect(
      await page.evaluate(async (api) => (await fetch(`${api}/api/health`)).status, apiOrigin),
    ).toBe(200);
    expect(consoleErrors).toEqual([]);
  });
});
