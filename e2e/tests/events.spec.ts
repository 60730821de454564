import type { APIRequestContext } from '@playwright/test';
import {
  adminCredentials,
  createEventAsAdmin,
  expect,
  login,
  newMember,
  register,
  sectionOrder,
  test,
  PNG,
} from './fixtures';

interface ListedEvent {
  _id: string;
  title: string;
  isFree: boolean;
  isActive: boolean;
  maxAttendees: number | null;
  goingCount: number;
}

/** Upcoming events of the demo content, read from the API the page uses. */
async function upcomingEvents(request: APIRequestContext): Promise<ListedEvent[]> {
  const response = await request.get('/api/events?upcoming=true&limit=50');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { events: ListedEvent[] }).events;
}

test('a guest sees "Please login to RSVP" on the events list', async ({ page, consoleErrors }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect(page.getByText('Please login to RSVP.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Going' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a member RSVPs Going and sees the count change on the detail page', async ({
  page,
  request,
  consoleErrors,
}) => {
  const event = (await upcomingEvents(request)).find(
    (e) => e.isFree && e.isActive && (e.maxAttendees === null || e.goingCount < e.maxAttendees),
  );
  expect(event, 'a free upcoming event in the demo content').toBeDefined();
  await register(page, newMember());
  await page.goto(`/events/${event!._id}`);
  await expect(page.getByRole('heading', { name: event!.title, level: 1 })).toBeVisible();
  // Comments come last, after the side column's sections (the only column on a phone).
  await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();
  const sections = [
    'About This Event',
    'Location Details',
    'Event Info',
    "Who's Going",
    'Comments',
  ];
  expect(await sectionOrder(page, sections)).toEqual(sections);
  const count = page.getByTestId('going-count');
  const before = Number(await count.textContent());
  await page.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(count).toHaveText(String(before + 1));
  await expect(page.getByTestId('rsvp-status')).toHaveText('Your answer: Going');
  await page.getByRole('button', { name: "Can't Go" }).click();
  await expect(count).toHaveText(String(before));
  expect(consoleErrors).toEqual([]);
});

test('the admin creates an event with an image in the console and sees it in the list', async ({
  page,
  consoleErrors,
}) => {
  const title = `Coffee Ceremony Evening ${Date.now()}`;
  await login(page, adminCredentials.email, adminCredentials.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create Event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Buna, music and conversation.');
  await form.getByLabel(/^Date/).fill('2031-06-15');
  await form.getByLabel(/^Time/).fill('18:30');
  await form.getByLabel('Location name').fill('Community Hall');
  await form.getByLabel(/^Country/).selectOption('Canada');
  await form.getByLabel('City').fill('Toronto');
  // Canada has several zones: Toronto's is preselected from the city.
  await expect(form.getByLabel(/^Venue time zone/)).toHaveValue('America/Toronto');
  await form
    .getByLabel('Images (up to 10, max 500MB each)')
    .setInputFiles({ name: 'buna.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Create Event' }).click();

  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Community Hall' })).toBeVisible();

  // And on the public list, with its image.
  await page.goto('/events');
  await page.getByPlaceholder('Search events...').fill(title);
  const card = page.getByTestId('event-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('img.event-card__image')).toHaveAttribute('src', /^\/api\/files\//);
  expect(consoleErrors).toEqual([]);
});

test('a paid event without Stripe keys shows "Payment Not Available"', async ({
  page,
  request,
  consoleErrors,
}) => {
  const paid = (await upcomingEvents(request)).find((e) => !e.isFree && e.isActive);
  expect(paid, 'a paid upcoming event in the demo content').toBeDefined();
  await register(page, newMember());
  await page.goto(`/events/${paid!._id}`);
  await expect(page.getByTestId('event-pricing')).toContainText('General');
  await page.getByRole('button', { name: 'Going (Pay)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Payment Not Available' })).toBeVisible();
  await expect(dialog).toContainText('Payment processing is not configured');
  expect(consoleErrors).toEqual([]);
});

test('a member sees the ticket they bought under My tickets on the profile', async ({
  page,
  consoleErrors,
}) => {
  // The demo content's first member bought a General ticket to the Gala (events.demo.ts).
  await login(page, 'selam@example.com', 'demo-member-2026');
  await page.goto('/profile');
  const tickets = page.getByRole('region', { name: 'My tickets' });
  const gala = tickets.getByRole('listitem').filter({ hasText: 'Ethiopian New Year Gala' });
  await expect(gala.getByRole('link', { name: 'Ethiopian New Year Gala' })).toBeVisible();
  await expect(gala).toContainText('General');
  await expect(gala).toContainText('$45.00');
  await expect(gala).toContainText('Paid');
  expect(consoleErrors).toEqual([]);
});

test.describe('a reader in Berlin views a Toronto event', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test("shows the venue's time with its zone and the reader's own time", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const title = `Toronto winter gala ${Date.now()}`;
    const event = await createEventAsAdmin(request, {
      title,
      date: '2031-12-05',
      time: '18:00',
      location: JSON.stringify({ name: 'Harbourfront Centre', country: 'Canada', city: 'Toronto' }),
      timeZone: 'America/Toronto',
    });
    expect(event.startsAt).toBe('2031-12-05T23:00:00.000Z');
    await page.goto(`/events/${event._id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('.event-hero__when')).toContainText('Friday, December 5, 2031');
    await expect(page.locator('.event-hero__when')).toContainText('6:00 PM EST · Toronto');
    await expect(page.getByText('Your time: Sat, Dec 6, 12:00 AM GMT+1')).toBeVisible();

    // The card in the list, in short form.
    await page.goto('/events');
    await page.getByPlaceholder('Search events...').fill(title);
    const card = page.getByTestId('event-card').filter({ hasText: title });
    await expect(card).toContainText('Dec 5, 2031 · 6:00 PM EST · Toronto');
    await expect(card).toContainText('Sat, Dec 6, 12:00 AM GMT+1 your time');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('a reader in Toronto views the same event', () => {
  test.use({ timezoneId: 'America/Toronto' });

  test("shows the venue's time only: the reader's clock is the venue's", async ({
    page,
    request,
  }) => {
    const title = `Toronto spring talk ${Date.now()}`;
    const event = await createEventAsAdmin(request, {
      title,
      date: '2031-05-05',
      time: '18:00',
      location: JSON.stringify({ name: 'Hall', country: 'Canada', city: 'Toronto' }),
      timeZone: 'America/Toronto',
    });
    await page.goto(`/events/${event._id}`);
    await expect(page.locator('.event-hero__when')).toContainText('6:00 PM EDT · Toronto');
    await expect(page.getByText(/^Your time:/)).toHaveCount(0);
  });
});

test('/events opens on the soonest upcoming events with the upcoming box ticked', async ({
  page,
  request,
}) => {
  const response = await request.get('/api/events?upcoming=true&limit=1');
  const [soonest] = ((await response.json()) as { events: ListedEvent[] }).events;
  await page.goto('/events');
  await expect(page.getByLabel('Upcoming events only')).toBeChecked();
  await expect(page.getByTestId('event-card').first()).toContainText(soonest.title);
});
