import type { Locator, Page } from '@playwright/test';
import { expect, newMember, register, test } from './fixtures';

// On a phone the course card is what a reader taps, not only its button: the card's text opens
// its action, which stays the card's one focusable control.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Taps the middle of the card's description, as a finger on the card's text would. */
async function tapDescription(page: Page, card: Locator): Promise<void> {
  const description = card.locator('p').first();
  await description.scrollIntoViewIfNeeded();
  const box = await description.boundingBox();
  if (!box) throw new Error('the description is not drawn');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The card's controls that a Tab reaches. */
const focusables = (card: Locator) =>
  card.locator('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');

test("a tap on a course card's text opens its enrolment form; the card has one control", async ({
  page,
  consoleErrors,
}) => {
  await register(page, newMember());
  await page.goto('/tutorials');
  const card = page.getByRole('article', { name: 'Computer Basics' });
  await expect(card.getByRole('button', { name: 'Enroll Now in Computer Basics' })).toBeVisible();
  await expect(focusables(card)).toHaveCount(1);
  await tapDescription(page, card);
  await expect(page.getByRole('dialog', { name: 'Enroll in Computer Basics' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a guest's tap on a course card's text leads to the sign-in page", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/tutorials');
  const card = page.getByRole('article', { name: 'Computer Basics' });
  await expect(card.getByRole('link', { name: 'Log in to enroll' })).toBeVisible();
  await expect(focusables(card)).toHaveCount(1);
  await tapDescription(page, card);
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});
