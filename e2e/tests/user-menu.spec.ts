import { expect, newMember, register, test } from './fixtures';

// A member's name of several words on a desktop top bar: the account button stays one line.
test.use({ viewport: { width: 1280, height: 800 } });

test("the account button keeps a long name on one line, its full text in the button's name and title", async ({
  page,
  consoleErrors,
}) => {
  const base = newMember();
  const member = { ...base, name: `${base.name} Wolde-Giorgis Tesfamariam Haile` };
  await register(page, member);
  const toggle = page.getByRole('button', { name: `Account menu for ${member.name}` });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('title', member.name);
  const name = toggle.locator('.user-menu__name');
  const drawn = await name.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return {
      lines: lines.size,
      truncated: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow,
    };
  });
  expect(drawn).toEqual({ lines: 1, truncated: true, ellipsis: 'ellipsis' });
  // The top bar still fits the window.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(consoleErrors).toEqual([]);
});
