import zlib from 'node:zlib';
import { EventsRepository } from '../src/modules/events/events.repository';
import { createEvent, dayFromNow } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { startReplicas, within } from './support/replicas';
import { TestApp } from './support/test-app';

interface ListedEvent {
  _id: string;
  title: string;
  likes: number;
  dislikes: number;
  myReaction: string | null;
  userStatus: string | null;
  goingCount: number;
}

// Two instances of the API on one PostgreSQL and one Redis, as two replicas behind a balancer.
describe('API caches across replicas, ETags, and list shapes', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let member: Session;
  let other: Session;

  beforeAll(async () => {
    [a, b] = await startReplicas('cache');
    admin = await loginAdmin(a.http);
    member = await registerMember(a.http);
    other = await registerMember(a.http);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows a write through one replica through the other within 1 s', async () => {
    const first = await createEvent(a.http, admin, { title: 'Replica one', date: dayFromNow(5) });
    // B caches its guest answer and detail...
    const before = await b.http.get('/api/events?limit=50').expect(200);
    expect(before.body.events.map((e: ListedEvent) => e.title)).toContain('Replica one');
    await b.http.get(`/api/events/${first._id}`).expect(200);
    // ...then A takes a new event, a like and an RSVP.
    await createEvent(a.http, admin, { title: 'Replica two', date: dayFromNow(6) });
    await a.http.post(`/api/reactions/events/${first._id}/like`).set(member.auth).expect(200);
    await a.http
      .post(`/api/events/${first._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
    const listed = await within(
      1000,
      () => b.http.get('/api/events?limit=50'),
      (res) => res.body.events.some((e: ListedEvent) => e.title === 'Replica two'),
    );
    expect(listed.ms).toBeLessThanOrEqual(1000);
    const detail = await b.http.get(`/api/events/${first._id}`).expect(200);
    expect(detail.body).toMatchObject({ likes: 1, goingCount: 1, myReaction: null });
    expect(detail.body.attendees).toEqual([
      { user: { _id: member.user._id, name: member.user.name }, status: 'going' },
    ]);
    // And the news list too: a new article on A appears on B.
    await b.http.get('/api/news').expect(200);
    const article = await createArticle(a.http, admin, { title: 'Fresh from replica A' });
    await within(
      1000,
      () => b.http.get('/api/news'),
      (res) => res.body.news.some((n: { _id: string }) => n._id === article._id),
    );
  });

  it("never serves a member's own reaction or RSVP from a guest's entry, or to anyone else", async () => {
    const event = await createEvent(a.http, admin, { title: 'Personal', date: dayFromNow(8) });
    const url = `/api/events?search=Personal`;
    const guest = await b.http.get(url).expect(200);
    expect(guest.body.events[0]).toMatchObject({ myReaction: null, userStatus: null, likes: 0 });
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    await a.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'maybe' })
      .expect(200);
    const pick = (res: { body: { events: ListedEvent[] } }) =>
      res.body.events.find((e) => e._id === event._id);
    await within(
      1000,
      () => b.http.get(url),
      (res) => pick(res)?.likes === 1,
    );
    // The member's own answer, laid over the shared one, on both replicas.
    for (const replica of [a, b]) {
      const mine = await replica.http.get(url).set(member.auth).expect(200);
      expect(pick(mine)).toMatchObject({ likes: 1, myReaction: 'like', userStatus: 'maybe' });
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const detail = await replica.http.get(`/api/events/${event._id}`).set(member.auth);
      expect(detail.body).toMatchObject({ myReaction: 'like', userStatus: 'maybe' });
    }
    // Another member and a guest, asked after the member, see only their own (none).
    const theirs = await b.http.get(url).set(other.auth).expect(200);
    expect(pick(theirs)).toMatchObject({ likes: 1, myReaction: 'none', userStatus: null });
    const again = await b.http.get(url).expect(200);
    expect(pick(again)).toMatchObject({ likes: 1, myReaction: null, userStatus: null });
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toMatch(/authorization/i);
  });

  it("never shows a guest an admin's draft from the admin's answer", async () => {
    const draft = await createArticle(a.http, admin, { title: 'Secret draft', published: false });
    const asAdmin = await b.http.get('/api/news?search=Secret').set(admin.auth).expect(200);
    expect(asAdmin.body.news.map((n: { _id: string }) => n._id)).toContain(draft._id);
    const asGuest = await b.http.get('/api/news?search=Secret').expect(200);
    expect(asGuest.body.news).toEqual([]);
    await b.http.get(`/api/news/${draft._id}`).set(admin.auth).expect(200);
    await b.http.get(`/api/news/${draft._id}`).expect(404);
  });

  it("answers everyone through the pipeline from one cached page: ETags, 304, the client's encoding, a member's own parts", async () => {
    const event = await createEvent(a.http, admin, { title: 'Shared', date: dayFromNow(11) });
    // Enough items for an answer over 1 KB, which is what gets compressed.
    for (const day of [12, 13]) {
      await createEvent(a.http, admin, { title: `Shared ${day}`, date: dayFromNow(day) });
    }
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    const url = '/api/events?search=Shared';
    const read = jest.spyOn(a.app.get(EventsRepository), 'list');
    try {
      const first = await a.http.get(url).set('Accept-Encoding', 'identity').expect(200);
      expect(first.text.length).toBeGreaterThan(1024);
      expect(first.headers['content-encoding']).toBeUndefined();
      const second = await a.http.get(url).set('Accept-Encoding', 'identity').expect(200);
      // The page came from the data cache: the database was read once.
      expect(read).toHaveBeenCalledTimes(1);
      expect(second.text).toBe(first.text);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      const traced = await a.http.get(url).set('X-Request-Id', 'lb-42').expect(200);
      expect(traced.headers['x-request-id']).toBe('lb-42');
      const unchanged = await a.http.get(url).set('If-None-Match', first.headers.etag).expect(304);
      expect(unchanged.headers.etag).toBe(first.headers.etag);
      expect(unchanged.text ?? '').toBe('');
      // Each Accept-Encoding gets the same encoding on every request (parameter names in any
      // case, q-values weighed, q=0 refusing), and every encoded answer says it varies by it.
      // The shared page is compressed once per encoding, however many guests ask for it.
      const brotli = jest.spyOn(zlib, 'brotliCompressSync');
      for (const [asked, sent] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br;q=0', 'gzip'],
        ['br;Q=0, gzip', 'gzip'],
        ['gzip;q=1.0, br;q=0.1', 'gzip'],
      ]) {
        for (let time = 0; time < 2; time++) {
          const packed = await a.http.get(url).set('Accept-Encoding', asked).expect(200);
          expect([asked, packed.headers['content-encoding']]).toEqual([asked, sent]);
          expect(packed.headers.vary).toBe('Origin, Authorization, accept-encoding');
          expect(packed.headers.etag).toBe(first.headers.etag);
          expect(packed.body).toEqual(first.body);
        }
      }
      expect(brotli).toHaveBeenCalledTimes(1);
      brotli.mockRestore();
      const unchangedPacked = await a.http
        .get(url)
        .set('Accept-Encoding', 'br, gzip')
        .set('If-None-Match', first.headers.etag)
        .expect(304);
      expect(unchangedPacked.headers['content-encoding']).toBeUndefined();
      const anything = await a.http.get(url).set('Accept-Encoding', '*').expect(200);
      const again = await a.http.get(url).set('Accept-Encoding', '*').expect(200);
      expect(again.headers['content-encoding']).toBe(anything.headers['content-encoding']);
      expect(again.headers.vary).toBe(anything.headers.vary);
      expect(anything.headers.vary).toMatch(/accept-encoding/i);
      // A member is answered from the same page, with their own reaction laid over it.
      const mine = await a.http.get(url).set(member.auth).expect(200);
      expect(read).toHaveBeenCalledTimes(1);
      const pick = (res: { body: { events: ListedEvent[] } }) =>
        res.body.events.find((e) => e._id === event._id);
      expect(pick(mine)).toMatchObject({ likes: 1, myReaction: 'like' });
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      expect(mine.headers.etag).not.toBe(first.headers.etag);
      // A bad token is answered as a guest.
      const bad = await a.http.get(url).set('Authorization', 'Bearer not-a-token').expect(200);
      expect(pick(bad)).toMatchObject({ likes: 1, myReaction: null });
      // A write clears the page: the next guest is answered afresh.
      await a.http.post(`/api/reactions/events/${event._id}/like`).set(other.auth).expect(200);
      const after = await a.http.get(url).expect(200);
      expect(read).toHaveBeenCalledTimes(2);
      expect(pick(after)).toMatchObject({ likes: 2, myReaction: null });
    } finally {
      read.mockRestore();
    }
  });

  it("sends a cached page's kept compressed bytes, which decode to the page's JSON", async () => {
    for (const day of [30, 31, 32]) {
      await createEvent(a.http, admin, { title: `Packed ${day}`, date: dayFromNow(day) });
    }
    const url = '/api/events?search=Packed';
    // Fastify's own inject: the bytes as sent, which supertest would decompress.
    const fastify = a.app.getHttpAdapter().getInstance();
    const send = (acceptEncoding: string) =>
      fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const plain = await send('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const page: unknown = JSON.parse(plain.body);
    expect(page).toMatchObject({ total: 3 });
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
    for (const [asked, sent] of [
      ['br, gzip', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      // The first request compresses the shared page, the second sends the kept bytes.
      const [first, second] = [await send(asked), await send(asked)];
      for (const packed of [first, second]) {
        expect([asked, packed.headers['content-encoding']]).toEqual([asked, sent]);
        expect(packed.headers.etag).toBe(plain.headers.etag);
        expect(JSON.parse(decode[sent](packed.rawPayload).toString('utf8'))).toEqual(page);
      }
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // Asking for no encoding after the compressed ones still gets the plain text.
    const again = await send('identity');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(plain.body);
    // A member's page with their own parts is compressed once too, until a write changes it.
    const [first] = (await a.http.get(url).expect(200)).body.events as ListedEvent[];
    await a.http
      .post(`/api/events/${first._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
    const brotli = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      const asMember = () =>
        fastify.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br', authorization: member.auth.Authorization },
        });
      const [mine, mineAgain] = [await asMember(), await asMember()];
      const ownPage = JSON.parse(decode.br(mine.rawPayload).toString('utf8')) as {
        events: ListedEvent[];
      };
      expect(ownPage.events.find((item) => item._id === first._id)).toMatchObject({
        userStatus: 'going',
      });
      expect(mineAgain.rawPayload.equals(mine.rawPayload)).toBe(true);
      expect(mineAgain.headers.etag).toBe(mine.headers.etag);
      expect(brotli).toHaveBeenCalledTimes(1);
      await a.http
        .post(`/api/events/${first._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'maybe' })
        .expect(200);
      const changed = JSON.parse(decode.br((await asMember()).rawPayload).toString('utf8')) as {
        events: ListedEvent[];
      };
      expect(changed.events.find((item) => item._id === first._id)).toMatchObject({
        userStatus: 'maybe',
      });
      expect(brotli).toHaveBeenCalledTimes(2);
    } finally {
      brotli.mockRestore();
    }
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the list changed', async () => {
    const url = '/api/events?category=business';
    const first = await a.http.get(url).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await b.http.get(url).set('If-None-Match', etag).expect(304);
    expect(same.text ?? '').toBe('');
    await createEvent(a.http, admin, { title: 'Business lunch', category: 'business' });
    const changed = await within(
      1000,
      () => b.http.get(url).set('If-None-Match', etag),
      (res) => res.status === 200,
    );
    expect(changed.ms).toBeLessThanOrEqual(1000);
    const after = await b.http.get(url).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.events.map((e: ListedEvent) => e.title)).toEqual(['Business lunch']);
  });

  it('lists carry counts and my reaction, never the ids of the members who reacted', async () => {
    const event = await createEvent(a.http, admin, { title: 'Counted', date: dayFromNow(9) });
    const article = await createArticle(a.http, admin, { title: 'Counted article' });
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    await a.http.post(`/api/reactions/events/${event._id}/dislike`).set(other.auth).expect(200);
    await a.http.post(`/api/reactions/news/${article._id}/like`).set(other.auth).expect(200);
    const events = await a.http.get('/api/events?search=Counted').set(member.auth).expect(200);
    expect(events.body.events[0]).toMatchObject({ likes: 1, dislikes: 1, myReaction: 'like' });
    const news = await a.http.get('/api/news?search=Counted').set(member.auth).expect(200);
    expect(news.body.news[0]).toMatchObject({ likes: 1, dislikes: 0, myReaction: 'none' });
    for (const body of [events.body, news.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(other.user._id);
    }
    // Toggling again removes the like: counts and myReaction follow.
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    const after = await a.http.get('/api/events?search=Counted').set(member.auth).expect(200);
    expect(after.body.events[0]).toMatchObject({ likes: 0, dislikes: 1, myReaction: 'none' });
  });

  it('walks deep pages by cursor beside page numbers, in the same order', async () => {
    const url = '/api/events?category=education&limit=2';
    for (let i = 0; i < 5; i++) {
      await createEvent(a.http, admin, {
        title: `Class ${i}`,
        category: 'education',
        date: dayFromNow(20 + i),
      });
    }
    const byPage: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await b.http.get(`${url}&page=${page}`).expect(200);
      expect(res.body).toMatchObject({ total: 5, totalPages: 3, page });
      byPage.push(...res.body.events.map((e: ListedEvent) => e.title));
    }
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { total: number; events: ListedEvent[]; nextCursor: string | null } } =
        await b.http.get(cursor ? `${url}&cursor=${cursor}` : url).expect(200);
      expect(res.body.total).toBe(5);
      byCursor.push(...res.body.events.map((e) => e.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(byPage);
    // Upcoming events first, soonest first (then past ones, most recent first: none here).
    expect(byCursor).toEqual(['Class 0', 'Class 1', 'Class 2', 'Class 3', 'Class 4']);
    // Soonest first under upcoming=true, by cursor too.
    const soon = await b.http.get(`${url}&upcoming=true`).expect(200);
    const next = await b.http.get(`${url}&upcoming=true&cursor=${soon.body.nextCursor}`);
    expect(next.body.events.map((e: ListedEvent) => e.title)).toEqual(['Class 2', 'Class 3']);
  });

  it('refuses a cursor it did not give out with a field error', async () => {
    const res = await a.http.get('/api/events?cursor=not-a-cursor').expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'cursor', code: 'INVALID_FORMAT' }],
    });
    expect(res.body.msg).toEqual(expect.any(String));
  });
});
