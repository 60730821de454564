import { expect, newMember, test } from './fixtures';

interface SinkMessage {
  to: string[];
  subject: string;
  raw: string;
}

/** The reset link (path and fragment) in the newest reset email to `email`, QP-decoded. */
async function resetLinkFor(sinkUrl: string, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(sinkUrl)).json()) as SinkMessage[];
        const mail = messages
          .filter((m) => m.to.includes(email) && m.subject === 'Reset your password')
          .at(-1);
        const text = mail?.raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        // The token is in the fragment, which the browser keeps to itself (no server log has it).
        path = text && /\/reset-password#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
        return path;
      },
      { timeout: 20000, message: 'the reset email reaches the SMTP sink' },
    )
    .toBeTruthy();
  return path as string;
}

// The used-up link's 400 is the answer under test; Chromium logs it as a failed resource.
test.use({
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
});

test('a member resets a forgotten password from the emailed link and signs in', async ({
  page,
  consoleErrors,
}) => {
  const baseUrl = process.env.MAIL_BASE_URL;
  const sinkUrl = process.env.MAIL_SINK_URL;
  // Skipped only when Playwright runs outside scripts/test.mjs, whose e2e stage always sets them.
  test.skip(!baseUrl || !sinkUrl, 'the test runner starts the platform with an SMTP sink');
  const member = newMember();
  const register = await page.request.post(`${baseUrl}/api/auth/register`, {
    data: { ...member, country: 'Canada', profession: 'Pharmacist' },
  });
  expect(register.status()).toBe(201);

  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a password reset link is on its way/)).toBeVisible();

  const link = await resetLinkFor(sinkUrl as string, member.email);
  await page.goto(`${baseUrl}${link}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The page keeps the token and takes it out of the address (and the history entry).
  await expect(page).toHaveURL(`${baseUrl}/reset-password`);
  const newPassword = 'amber-meadow-compass-2026';
  await page.getByLabel('New password', { exact: false }).first().fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Account menu for ${member.name}` })).toBeVisible();

  // The link works once.
  await page.goto(`${baseUrl}${link}`);
  await page.getByLabel('New password', { exact: false }).first().fill('another-river-stone-88');
  await page.getByLabel('Confirm new password').fill('another-river-stone-88');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  expect(consoleErrors).toEqual([]);
});
