import { adminCredentials, expect, login, newMember, register, test } from './fixtures';

/**
 * The e2e platform has no SMTP_URL (the embedded default): the member who never gets the link is
 * told why they wait and what to do, and an admin finds the email and confirms the address.
 */
test('a member without email is told what to do; an admin sees the email and confirms them', async ({
  page,
  browser,
}) => {
  const member = newMember();
  await register(page, member, { verified: false });
  await page.goto('/tutorials');
  const enroll = page.getByRole('button', { name: 'Enroll Now in Computer Basics' });
  await enroll.click();
  const dialog = page.getByRole('dialog', { name: 'Enroll in Computer Basics' });
  await expect(
    dialog.getByText(`Confirm your email address first — we sent a link to ${member.email}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(
    dialog.getByRole('link', { name: 'Ask an admin to confirm your address' }),
  ).toHaveAttribute('href', '/contact');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await login(admin, adminCredentials.email, adminCredentials.password);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Emails' }).click();
    await expect(admin.getByRole('heading', { name: 'Emails' })).toBeVisible();
    await expect(admin.getByText(/Email is not configured on this server/)).toBeVisible();
    const row = admin
      .getByRole('row')
      .filter({ hasText: member.email })
      .filter({ hasText: 'Confirm your email address' });
    await expect(row.getByText('Not sent (email not configured)')).toBeVisible();
    await expect(row.getByText('Secret link', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /\/verify-email#token=/ })).toBeVisible();

    await admin.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
    await admin.getByLabel('Search members').fill(member.email);
    const user = admin.getByRole('row').filter({ hasText: member.email });
    await expect(user.getByText('Email not confirmed')).toBeVisible();
    admin.once('dialog', (ask) => void ask.accept());
    await user.getByRole('button', { name: `Confirm the email address of ${member.name}` }).click();
    await expect(user.getByText('Email not confirmed')).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The member's next visit: the form is open to them.
  await page.reload();
  await enroll.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend the link' })).toHaveCount(0);
  await expect(dialog.getByText(/Confirm your email address first/)).toHaveCount(0);
});
