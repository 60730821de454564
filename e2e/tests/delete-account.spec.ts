import { expect, newMember, openUserMenu, register, test } from './fixtures';

test.describe('deleting my account', () => {
  // The wrong password's 400 and the last sign-in's 401 are answers under test.
  test.use({
    expectedConsoleErrors: [
      /Failed to load resource: the server responded with a status of 40[01]/,
    ],
  });

  test('a member downloads their data, deletes the account and can no longer sign in', async ({
    page,
    consoleErrors,
  }) => {
    const member = newMember();
    await register(page, member);
    await openUserMenu(page, member.name);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(page.getByText('Your data file has been downloaded.')).toBeVisible();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    // Keyboard only: Tab from the Close button to the password, Enter submits.
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel(/Enter your password to confirm/)).toBeFocused();
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('The password is not correct')).toBeVisible();

    await dialog.getByLabel(/Enter your password to confirm/).fill(member.password);
    await page.keyboard.press('Enter');
    // Signed out: the top bar offers Login again and the dialog is gone.
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(consoleErrors).toEqual([]);
  });
});
