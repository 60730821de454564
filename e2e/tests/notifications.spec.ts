import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminCredentials, expect, newMember, test } from './fixtures';

interface Session {
  token: string;
  name: string;
}

/** A member registered through the API, in the language they chose. */
async function memberVia(request: APIRequestContext, language: 'en' | 'am'): Promise<Session> {
  const member = newMember();
  const registered = await request.post('/api/auth/register', {
    data: { ...member, country: 'Canada', profession: 'Engineer' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const chosen = await request.put('/api/users/me/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  return { token, name: member.name };
}

/** A browser of its own for the member, signed in with their token, in their language. */
async function pageOf(browser: Browser, session: Session, language: 'en' | 'am'): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/Toronto' });
  await context.addInitScript(
    ([token, lng]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('language', lng);
    },
    [session.token, language],
  );
  return context.newPage();
}

const TEXTS = {
  en: {
    bell: 'Notifications',
    bellUnread: 'Notifications: 1 unread',
    replied: (name: string, title: string) => `${name} replied to your comment on ${title}`,
    markAll: 'Mark all read',
    seeAll: 'See all notifications',
  },
  am: {
    bell: 'ማሳወቂያዎች',
    bellUnread: 'ማሳወቂያዎች፦ 1 ያልተነበቡ',
    replied: (name: string, title: string) => `${name} በ${title} ላይ ለሰጡት አስተያየት መልስ ሰጥተዋል`,
    markAll: 'ሁሉንም እንደተነበበ ምልክት አድርግ',
    seeAll: 'ሁሉንም ማሳወቂያዎች ይመልከቱ',
  },
} as const;

for (const language of ['en', 'am'] as const) {
  test(`a member sees a reply to their comment arrive live while another member posts it (${language})`, async ({
    browser,
    request,
  }) => {
    const texts = TEXTS[language];
    const login = await request.post('/api/auth/login', { data: adminCredentials });
    const { token: adminToken } = (await login.json()) as { token: string };
    const title = `Live reply evening ${Date.now()} ${language}`;
    const created = await request.post('/api/events', {
      headers: { Authorization: `Bearer ${adminToken}` },
      multipart: {
        title,
        description: 'Music and conversation.',
        category: 'cultural',
        date: '2031-06-05',
        time: '18:00',
        location: JSON.stringify({ name: 'Community Hall', country: 'Canada', city: 'Toronto' }),
        timeZone: 'America/Toronto',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as { _id: string };

    const author = await memberVia(request, language);
    const replier = await memberVia(request, 'en');
    const comment = await request.post('/api/comments', {
      headers: { Authorization: `Bearer ${author.token}` },
      data: {
        content: 'Who is coming from Toronto?',
        contentType: 'events',
        contentId: event._id,
      },
    });
    expect(comment.status()).toBe(201);

    // The author has the site open on the home page: the bell says nothing is unread.
    const authorPage = await pageOf(browser, author, language);
    // The reply is to arrive over the open stream, not with the page's first count.
    const streamOpen = authorPage.waitForResponse(
      (response) => response.url().endsWith('/api/notifications/stream') && response.ok(),
    );
    await authorPage.goto('/');
    const bell = authorPage.getByRole('button', { name: texts.bell, exact: true });
    await expect(bell).toBeVisible();

    // Meanwhile, in another browser, the other member replies through the event's page.
    const replierPage = await pageOf(browser, replier, 'en');
    await replierPage.goto(`/events/${event._id}`);
    await streamOpen;
    await replierPage.getByRole('button', { name: 'Reply', exact: true }).click();
    await replierPage.getByLabel('Your reply').fill('I am, see you there!');
    await replierPage.getByRole('button', { name: 'Send Reply' }).click();
    await expect(replierPage.getByText('I am, see you there!')).toBeVisible();

    // The author's bell counts it without a reload, and the screen reader hears of it.
    const unreadBell = authorPage.getByRole('button', { name: texts.bellUnread });
    await expect(unreadBell).toBeVisible({ timeout: 10_000 });
    await expect(authorPage.getByRole('status').filter({ hasText: '1' })).toHaveCount(1);

    // The bell opens, from the keyboard, a panel of the latest notifications (a disclosure).
    const replied = new RegExp(texts.replied(replier.name, title));
    await expect(unreadBell).toHaveAttribute('aria-expanded', 'false');
    await unreadBell.focus();
    await authorPage.keyboard.press('Enter');
    await expect(unreadBell).toHaveAttribute('aria-expanded', 'true');
    const panel = authorPage.locator(`#${await unreadBell.getAttribute('aria-controls')}`);
    const latest = panel.getByRole('link', { name: replied });
    await expect(latest).toBeVisible();
    await expect(latest).toHaveAttribute('href', `/events/${event._id}`);
    await authorPage.keyboard.press('Tab');
    await expect(latest).toBeFocused();
    // Escape closes it and gives focus back to the bell.
    await authorPage.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(unreadBell).toBeFocused();
    await expect(unreadBell).toHaveAttribute('aria-expanded', 'false');

    await authorPage.keyboard.press('Enter');
    await panel.getByRole('link', { name: texts.seeAll }).click();
    await expect(authorPage).toHaveURL(/\/notifications$/);
    await expect(panel).toBeHidden();
    const notice = authorPage.getByRole('main').getByRole('link', { name: replied });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('href', `/events/${event._id}`);

    await authorPage.getByRole('main').getByRole('button', { name: texts.markAll }).click();
    await expect(authorPage.getByRole('button', { name: texts.bell, exact: true })).toBeVisible();
    await authorPage.context().close();
    await replierPage.context().close();
  });
}
