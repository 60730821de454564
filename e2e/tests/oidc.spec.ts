import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';

// Sign-in through a real OpenID Provider (oidc-provider, started by scripts/test.mjs with the
// platform configured for it as "Test ID"). The platform's PUBLIC_URL is on localhost, where the
// provider sends the browser back, so these journeys start there.
const base = (process.env.BASE_URL ?? 'http://localhost:3000').replace('127.0.0.1', 'localhost');

test('a first sign-in with a provider creates the member, asks for country and profession, and signs them in', async ({
  page,
  consoleErrors,
}) => {
  const email = `oidc-${randomBytes(4).toString('hex')}@example.com`;
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  // The provider's own page.
  await expect(page.getByRole('heading', { name: 'Test ID' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on the platform: the provider gave no country or profession.
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await page.getByLabel(/^Country/).selectOption('Canada');
  await page.getByLabel(/^Profession/).fill('Architect');
  await page.getByRole('button', { name: 'Finish' }).click();
  const name = email.split('@')[0];
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  await expect(page).toHaveURL(`${base}/`);
  // The profile lists the provider as a way to sign in, and the password as not set.
  await page.goto(`${base}/profile`);
  const methods = page.getByRole('region', { name: 'Ways to sign in' });
  await expect(methods.getByText(`Linked (${email})`)).toBeVisible();
  await expect(methods.getByText(/No password set/)).toBeVisible();
  // The fixture fails the test on any console error (consoleErrors).
  void consoleErrors;
});

test.describe('in Amharic', () => {
  test('declining at the provider ends on the sign-in page, told why in Amharic', async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'am'));
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'በTest ID ይቀጥሉ' }).click();
    await expect(page.getByRole('heading', { name: 'Test ID' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?oidcError=OIDC_CONSENT_DENIED$/);
    await expect(page.getByText(/መግባቱ በአገልግሎት ሰጪው ተሰርዟል/)).toBeVisible();
    // The fixture fails the test on any console error (consoleErrors).
    void consoleErrors;
  });
});

test.describe('before the profile is complete', () => {
  // The 403 (PROFILE_INCOMPLETE) of the events page's member calls, which this test provokes.
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 403/],
  });

  test('a member who skips country and profession is sent back to the form by the API answer', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Continue with Test ID' }).click();
    // On the provider's page first: the platform's own sign-in form has an email field and a
    // "Sign in" button too, which a fast fill and click could reach while the browser navigates.
    await expect(page.getByRole('heading', { name: 'Test ID' })).toBeVisible();
    await page
      .getByLabel('Email', { exact: true })
      .fill(`skip-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    // Away from the form, without finishing it: the API holds the member's answers back
    // (403 PROFILE_INCOMPLETE) and the api client leads back to the form, still signed in.
    await page.goto(`${base}/events`);
    await expect(page).toHaveURL(`${base}/complete-profile`);
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
