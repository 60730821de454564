import { adminCredentials, expect, login, newMember, register, test, PNG } from './fixtures';

// The demo content's featured article (backend/src/modules/news/news.demo.ts).
const FEATURED = 'Diaspora Professionals Launch Mentorship Network for Young Graduates';

test('a member comments on an article, replies within 100 characters and likes', async ({
  page,
  consoleErrors,
}) => {
  const member = newMember();
  await register(page, member);
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News & Stories' })).toBeVisible();
  await page
    .getByTestId('news-card')
    .filter({ hasText: FEATURED })
    .getByRole('link', { name: 'Read More' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: FEATURED })).toBeVisible();

  const text = `Count me in as a mentor ${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'Your comment' });
  await box.fill(text);
  await expect(page.getByText(`${text.length}/5000`)).toBeVisible();
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = page.getByTestId('comment').filter({ hasText: text });
  await expect(comment).toBeVisible();
  await expect(comment).toContainText(member.name);

  await comment.getByRole('button', { name: 'Reply' }).click();
  const reply = comment.getByRole('textbox', { name: 'Your reply' });
  await reply.fill('x'.repeat(101));
  await expect(comment.getByText('101/100')).toHaveClass(/comment-form__counter--over/);
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await comment.getByRole('button', { name: 'Send Reply' }).click();
  await expect.poll(() => alerts).toEqual(['Reply must be 100 characters or less']);

  await reply.fill('Happy to help with CV reviews.');
  await comment.getByRole('button', { name: 'Send Reply' }).click();
  await expect(comment.getByText('Happy to help with CV reviews.')).toBeVisible();
  await expect(comment.getByRole('button', { name: 'Hide Replies' })).toBeVisible();

  await comment.getByRole('button', { name: 'Like, 0' }).first().click();
  await expect(comment.getByRole('button', { name: 'Like, 1' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The reply survives a reload: collapsed, then loaded on View Replies.
  await page.reload();
  const reloaded = page.getByTestId('comment').filter({ hasText: text });
  await reloaded.getByRole('button', { name: 'View Replies (1)' }).click();
  await expect(reloaded.getByText('Happy to help with CV reviews.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a guest sees the login prompt and disabled reactions', async ({ page, consoleErrors }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'Community Discussion' })).toBeVisible();
  await expect(page.getByText('Please log in to join the discussion.')).toBeVisible();
  const card = page.getByTestId('news-card').filter({ hasText: FEATURED });
  await expect(card.getByRole('button', { name: /^Like, \d+$/ })).toBeDisabled();
  await expect(card.getByRole('button', { name: /^Dislike, \d+$/ })).toBeDisabled();

  await card.getByRole('link', { name: 'Read More' }).click();
  await expect(page.getByRole('heading', { level: 1, name: FEATURED })).toBeVisible();
  await expect(page.getByText('Please log in to join the discussion.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Like, \d+$/ }).first()).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(consoleErrors).toEqual([]);
});

test.describe('a missing article', () => {
  // The missing article's 404 is the answer under test; Chromium logs it as a failed resource.
  test.use({
    expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
  });

  test('says so and leads back to the news', async ({ page, consoleErrors }) => {
    await page.goto('/news/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to News' })).toHaveAttribute('href', '/news');
    expect(consoleErrors).toEqual([]);
  });
});

test('the admin publishes an article, it appears in the list, and deletes it', async ({
  page,
  consoleErrors,
}) => {
  const title = `Scholarship night ${Date.now()}`;
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /^News \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Create Article' }).click();
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Content is required')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Students and mentors meet to share scholarship tips.');
  await page.getByLabel('Excerpt').fill('An evening of scholarship advice.');
  await page.getByLabel('Category').selectOption('youth');
  await page.getByLabel('Featured').check();
  await page
    .getByLabel('Or upload an image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save Article' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Youth');
  await expect(row).toContainText('Published');

  await row.getByRole('button', { name: `View ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title })).toContainText(
    'Students and mentors meet to share scholarship tips.',
  );
  await page.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Content').fill('Updated: students and mentors share scholarship tips.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(page.getByRole('button', { name: 'Create Article' })).toBeVisible();

  await page.goto('/news');
  await page.getByLabel('Search').fill('Scholarship');
  const card = page.getByTestId('news-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Featured');
  await expect(card).toContainText('An evening of scholarship advice.');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/files\/news\/.+\.webp$/);

  await page.goto('/admin');
  await page.getByRole('tab', { name: /^News \(\d+\)$/ }).click();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this item?');
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
