import { createEvent, dayFromNow } from './support/events';
import { loginAdmin, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

// Its own suite (and so its own app): exact totals need a database with only these events.
describe('events list: pages, upcoming, filters, full-text search', () => {
  let list: TestApp;
  let listAdmin: Session;

  beforeAll(async () => {
    list = await createTestApp();
    listAdmin = await loginAdmin(list.http);
    const make = (fields: Parameters<typeof createEvent>[2]) =>
      createEvent(list.http, listAdmin, fields);
    await make({ title: 'Past picnic', date: dayFromNow(-20), category: 'social' });
    await make({ title: 'Old gala', date: dayFromNow(-60), category: 'social' });
    await make({
      title: 'Far conference',
      date: dayFromNow(90),
      category: 'business',
      location: { name: 'ExCeL', country: 'United Kingdom', city: 'London' },
    });
    await make({
      title: 'Soon meetup',
      date: dayFromNow(2),
      category: 'business',
      description: 'Founders talk about financing and dancing.',
    });
    await make({
      title: 'Youth day',
      date: dayFromNow(30),
      category: 'youth',
      location: { name: 'Addis Hall', country: 'Ethiopia', city: 'Addis Ababa' },
    });
    for (let i = 0; i < 11; i++) await make({ title: `Filler ${i}`, date: dayFromNow(40 + i) });
  });
  afterAll(() => list.close());

  it('pages by 12 by default: upcoming events soonest first, then past ones most recent first', async () => {
    const res = await list.http.get('/api/events').expect(200);
    expect(res.body).toMatchObject({ total: 16, page: 1, totalPages: 2 });
    expect(res.body.events).toHaveLength(12);
    const fillers = Array.from({ length: 11 }, (_, i) => `Filler ${i}`);
    const order = [
      'Soon meetup',
      'Youth day',
      ...fillers,
      'Far conference',
      'Past picnic',
      'Old gala',
    ];
    const titles = (body: { events: Array<{ title: string }> }) => body.events.map((e) => e.title);
    expect(titles(res.body)).toEqual(order.slice(0, 12));
    const second = await list.http.get('/api/events?page=2').expect(200);
    expect(titles(second.body)).toEqual(order.slice(12));
    // A numbered page that starts among the past events, and one that straddles the boundary.
    expect(titles((await list.http.get('/api/events?limit=1&page=16').expect(200)).body)).toEqual([
      'Old gala',
    ]);
    expect(titles((await list.http.get('/api/events?limit=5&page=3').expect(200)).body)).toEqual(
      order.slice(10, 15),
    );
    expect(titles((await list.http.get('/api/events?limit=7&page=3').expect(200)).body)).toEqual(
      order.slice(14),
    );
    const four = await list.http.get('/api/events?limit=4').expect(200);
    expect(four.body).toMatchObject({ total: 16, totalPages: 4 });
    expect(four.body.events).toHaveLength(4);
    // The cursor walks the same order across the upcoming/past boundary.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await list.http.get(`/api/events?limit=5${query}`).expect(200);
      walked.push(...titles(page.body));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(order);
  });

  it('upcoming hides past events and sorts soonest first', async () => {
    const res = await list.http.get('/api/events?upcoming=true&limit=3').expect(200);
    expect(res.body.total).toBe(14);
    expect(res.body.events.map((e: { title: string }) => e.title)).toEqual([
      'Soon meetup',
      'Youth day',
      'Filler 0',
    ]);
    const soonest = await list.http.get(`/api/events/${res.body.events[0]._id}`).expect(200);
    expect(soonest.body.isUpcoming).toBe(true);
  });

  it("carries on each item what the list's card and the admin table read; the detail, the rest", async () => {
    const res = await list.http.get('/api/events?search=financing').expect(200);
    const [item] = res.body.events;
    // The card (picture, badges, date, venue, going, RSVP and payment, reactions) and the table.
    expect(Object.keys(item).sort()).toEqual(
      [
        '_id',
        'cancelledAt',
        'title',
        'category',
        'date',
        'time',
        'timeZone',
        'startsAt',
        'location',
        'image',
        'images',
        'isActive',
        'isFree',
        'pricing',
        'maxAttendees',
        'goingCount',
        'userStatus',
        'likes',
        'dislikes',
        'myReaction',
        'views',
      ].sort(),
    );
    const detail = await list.http.get(`/api/events/${item._id}`).expect(200);
    expect(detail.body).toMatchObject({
      ...item,
      description: 'Founders talk about financing and dancing.',
      videos: [],
      organizer: { name: expect.any(String) },
      waitlistCount: 0,
      isUpcoming: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      attendees: [],
    });
  });

  it('filters by category and country', async () => {
    const business = await list.http.get('/api/events?category=business').expect(200);
    expect(business.body.events.map((e: { title: string }) => e.title)).toEqual([
      'Soon meetup',
      'Far conference',
    ]);
    const ethiopia = await list.http.get('/api/events?country=Ethiopia').expect(200);
    expect(ethiopia.body.events.map((e: { title: string }) => e.title)).toEqual(['Youth day']);
    const bad = await list.http.get('/api/events?category=party').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('searches title, description and venue by full text, with stemming', async () => {
    const byDescription = await list.http.get('/api/events?search=dance').expect(200);
    expect(byDescription.body.events.map((e: { title: string }) => e.title)).toEqual([
      'Soon meetup',
    ]);
    const byVenue = await list.http.get('/api/events?search=ExCeL').expect(200);
    expect(byVenue.body.events.map((e: { title: string }) => e.title)).toEqual(['Far conference']);
    const combined = await list.http
      .get('/api/events?search=conference&category=youth')
      .expect(200);
    expect(combined.body).toMatchObject({ total: 0, events: [], totalPages: 0 });
    // Operators in user text are not errors.
    await list.http.get(`/api/events?search=${encodeURIComponent('"a & | !(')}`).expect(200);
  });

  it('uses the GIN index for search', async () => {
    const { sql } = await import('drizzle-orm');
    await list.database.db.execute(sql`SET enable_seqscan = off`);
    const plan = await list.database.db.execute(
      sql`EXPLAIN SELECT id FROM events WHERE search @@ to_tsquery('english'::regconfig, 'dance:*')`,
    );
    expect(JSON.stringify((plan as { rows: unknown[] }).rows)).toContain('events_search_idx');
  });
});
