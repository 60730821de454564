import {
  adminCredentials,
  expect,
  login,
  newMember,
  openUserMenu,
  register,
  test,
} from './fixtures';

test('a member enrols from a course card and the admin approves the enrollment', async ({
  page,
  consoleErrors,
}) => {
  const member = newMember();
  await register(page, member);
  await page.goto('/tutorials');
  await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
  // The demo instructors, with at most 3 expertise tags and a +n more count.
  await expect(page.getByRole('heading', { name: 'Meet Our Instructors' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Meron Alemu' }).getByText('+3 more'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Enroll Now in Computer Basics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enroll in Computer Basics' });
  await expect(dialog.getByText('Price: $120')).toBeVisible();
  await expect(
    dialog.getByText('Payment details will be sent to you after your enrollment is confirmed.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveValue(member.name);
  await expect(dialog.getByLabel('Email address')).toHaveValue(member.email);

  await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('Short st');
  await dialog.getByLabel('City').fill('Toronto');
  await dialog.getByLabel('Telephone').fill('+1 416 555 0199');
  await dialog.getByRole('button', { name: 'Submit Enrollment' }).click();
  await expect(dialog.getByText('Address must be at least 10 characters')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Address', exact: true })).toBeFocused();

  await dialog
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('88 Danforth Avenue, Unit 2');
  await expect(dialog.getByText('Address must be at least 10 characters')).toBeHidden();
  await dialog.getByRole('button', { name: 'Submit Enrollment' }).click();
  await expect(page.getByText('Course enrollment submitted successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('region', { name: 'My Enrollments' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine.getByRole('listitem')).toContainText('Computer Basics');
  await expect(mine.getByRole('listitem')).toContainText('Pending');

  await openUserMenu(page, member.name);
  await page.getByRole('button', { name: 'Logout' }).click();
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin/tutorials');
  await expect(page.getByRole('heading', { name: 'Course Enrollments', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(member.email);
  const rows = page.getByRole('table', { name: 'Enrollments' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const row = rows.nth(1);
  await expect(row).toContainText(member.name);
  await expect(row).toContainText('Toronto');
  await row.getByRole('button', { name: `Approve ${member.name}` }).click();
  await expect(row).toContainText('Approved');
  expect(consoleErrors).toEqual([]);
});
