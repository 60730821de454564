import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { sendListing, listingForm, submitListing } from './support/directory';
import { createEvent, eventForm, pngImage, withFields } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { newTeamMember } from './support/team';
import { newCourse } from './support/tutorials';
import { createTestApp, TestApp } from './support/test-app';

const CONFLICT_MSG =
  'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.';

interface Media {
  url: string;
}
interface Item {
  _id: string;
  updatedAt: string;
  images: Media[];
  [field: string]: unknown;
}
/** A listing as the API shows it: image URLs, the logo's URL. */
interface Listing {
  _id: string;
  name: string;
  updatedAt: string;
  images: string[];
  logo: string | null;
}

/** The files stored under an item's upload folder (originals and thumbnails). */
const filesIn = (t: TestApp, ...folder: string[]): string[] =>
  readdirSync(join(t.config.uploadDir, ...folder), { recursive: true })
    .map(String)
    .sort();

const expectConflict = (body: unknown) =>
  expect(body).toEqual({ statusCode: 409, msg: CONFLICT_MSG, code: 'EDIT_CONFLICT' });

/** A 400 on the updatedAt field alone: INVALID_DATE, or REQUIRED for a blank one. */
const expectBadUpdatedAt = (
  body: { statusCode: number; errors?: Array<{ field: string }> },
  code = 'INVALID_DATE',
) => {
  expect(body.statusCode).toBe(400);
  expect(body.errors).toEqual([expect.objectContaining({ field: 'updatedAt', code })]);
};

describe('edit conflicts: PUT with the updatedAt the form was opened with', () => {
  let t: TestApp;
  let admin: Session;
  let owner: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
    owner = await registerMember(t.http, { name: 'Listing Owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('PUT /api/events/:id', () => {
    const put = (id: string, fields: Record<string, string>, images: Buffer[] = []) => {
      let request = withFields(t.http.put(`/api/events/${id}`).set(admin.auth), fields);
      images.forEach((buffer, i) => {
        request = request.attach('images', buffer, `photo-${i}.png`);
      });
      return request;
    };
    const load = async (id: string) =>
      (await t.http.get(`/api/events/${id}`).set(admin.auth).expect(200)).body as Item;

    it('a round-tripped updatedAt matches the stored one, even fresh from an insert (microseconds)', async () => {
      const belowMillisecond: string[] = [];
      for (let i = 0; i < 5; i++) {
        const event = (await createEvent(t.http, admin, { title: `Round trip ${i}` })) as Item;
        const stored = (await t.database.db.execute(
          sql`SELECT to_char(updated_at, 'US') AS micros FROM events WHERE id = ${event._id}`,
        )) as unknown as { rows: Array<{ micros: string }> };
        belowMillisecond.push(stored.rows[0].micros.slice(3));
        const saved = await put(event._id, {
          ...eventForm({ title: `Round trip ${i} edited` }),
          updatedAt: event.updatedAt,
        }).expect(200);
        expect(saved.body.title).toBe(`Round trip ${i} edited`);
        // An edit stores milliseconds: what the API returns is exactly what is stored.
        const edited = (await t.database.db.execute(
          sql`SELECT to_char(updated_at, 'US') AS micros FROM events WHERE id = ${event._id}`,
        )) as unknown as { rows: Array<{ micros: string }> };
        expect(edited.rows[0].micros.slice(3)).toBe('000');
        expect(saved.body.updatedAt.slice(20, 23)).toBe(edited.rows[0].micros.slice(0, 3));
      }
      // The inserted rows kept microseconds, which the check compares at millisecond precision.
      expect(belowMillisecond.some((digits) => digits !== '000')).toBe(true);
    });

    it('two admins from the same version: the second save is refused and writes nothing', async () => {
      const event = (await createEvent(
        t.http,
        admin,
        { title: 'Gala' },
        { images: [await pngImage(), await pngImage()] },
      )) as Item;
      const opened = await load(event._id);
      const [keep, drop] = opened.images;

      // The first admin drops an image and saves.
      const first = await put(event._id, {
        ...eventForm({ title: 'Gala (first)' }),
        existingImages: JSON.stringify([keep.url]),
        updatedAt: opened.updatedAt,
      }).expect(200);
      const afterFirst = first.body as Item;
      expect(afterFirst.updatedAt).not.toBe(opened.updatedAt);
      expect(Date.parse(afterFirst.updatedAt)).toBeGreaterThan(Date.parse(opened.updatedAt));
      const files = filesIn(t, 'events', event._id);

      // The second admin, still on the form opened before, keeps both and uploads one more.
      const second = await put(
        event._id,
        {
          ...eventForm({ title: 'Gala (second)' }),
          existingImages: JSON.stringify([keep.url, drop.url]),
          updatedAt: opened.updatedAt,
        },
        [await pngImage()],
      ).expect(409);
      expectConflict(second.body);

      const now = await load(event._id);
      expect(now.title).toBe('Gala (first)');
      expect(now.images).toEqual(afterFirst.images);
      expect(now.updatedAt).toBe(afterFirst.updatedAt);
      // The upload of the refused save was removed again.
      expect(filesIn(t, 'events', event._id)).toEqual(files);

      // Reloaded, the second admin saves.
      const third = await put(event._id, {
        ...eventForm({ title: 'Gala (second, reloaded)' }),
        existingImages: JSON.stringify(now.images.map((image) => image.url)),
        updatedAt: now.updatedAt,
      }).expect(200);
      expect((third.body as Item).updatedAt).not.toBe(now.updatedAt);
    });

    it('without updatedAt the save applies as before (last save wins)', async () => {
      const event = (await createEvent(t.http, admin, { title: 'No version' })) as Item;
      await put(event._id, eventForm({ title: 'Edited once' })).expect(200);
      const saved = await put(event._id, eventForm({ title: 'Edited twice' })).expect(200);
      expect(saved.body.title).toBe('Edited twice');
      expect(saved.body.updatedAt).not.toBe(event.updatedAt);
    });

    it('a malformed updatedAt is a 400 on the field and changes nothing', async () => {
      const event = (await createEvent(t.http, admin, { title: 'Malformed' })) as Item;
      for (const updatedAt of ['yesterday', '', '2026-02-30T10:00:00.000Z', '2026-01-01']) {
        const res = await put(event._id, { ...eventForm({ title: 'Changed' }), updatedAt }).expect(
          400,
        );
        expectBadUpdatedAt(res.body, updatedAt === '' ? 'REQUIRED' : 'INVALID_DATE');
      }
      expect((await load(event._id)).title).toBe('Malformed');
    });

    it("members' answers do not count as edits", async () => {
      const event = (await createEvent(t.http, admin, { title: 'Busy night' })) as Item;
      const member = await registerMember(t.http);
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(200);
      await put(event._id, {
        ...eventForm({ title: 'Busy night, edited' }),
        updatedAt: event.updatedAt,
      }).expect(200);
    });
  });

  describe('PUT /api/directory/:id', () => {
    const load = async (id: string) =>
      (await t.http.get(`/api/directory/${id}`).set(owner.auth).expect(200)).body as Listing;

    it('a stale save is refused: nothing changes, the uploads of the refused save are removed', async () => {
      const listing = (await submitListing(
        t.http,
        owner,
        { name: 'Buna House' },
        { logo: await pngImage(), images: [await pngImage(), await pngImage()] },
      )) as unknown as Listing;
      const opened = await load(listing._id);
      // Saved from the same form in one tab: the second image removed.
      const first = await sendListing(
        t.http,
        owner,
        {
          ...listingForm({ name: 'Buna House (first)' }),
          existingImages: JSON.stringify([opened.images[0]]),
          updatedAt: opened.updatedAt,
        },
        {},
        listing._id,
      );
      expect(first.body).toMatchObject({ name: 'Buna House (first)' });
      const afterFirst = first.body as Listing;
      expect(afterFirst.updatedAt).not.toBe(opened.updatedAt);
      const files = filesIn(t, 'directory', listing._id);

      // ... and from another tab, still on the version opened before, with a new logo and image.
      const second = await sendListing(
        t.http,
        owner,
        {
          ...listingForm({ name: 'Buna House (second)' }),
          existingImages: JSON.stringify(opened.images),
          updatedAt: opened.updatedAt,
        },
        { logo: await pngImage(), images: [await pngImage()] },
        listing._id,
      ).expect(409);
      expectConflict(second.body);

      const now = await load(listing._id);
      expect(now.name).toBe('Buna House (first)');
      expect(now.images).toEqual(afterFirst.images);
      expect(now.logo).toEqual(afterFirst.logo);
      expect(now.updatedAt).toBe(afterFirst.updatedAt);
      expect(filesIn(t, 'directory', listing._id)).toEqual(files);

      const fresh = await sendListing(
        t.http,
        owner,
        { ...listingForm({ name: 'Buna House (reloaded)' }), updatedAt: now.updatedAt },
        {},
        listing._id,
      ).expect(200);
      expect((fresh.body as Listing).updatedAt).not.toBe(now.updatedAt);
    });

    it('without updatedAt the owner saves as before; a malformed one is a 400', async () => {
      const listing = (await submitListing(t.http, owner)) as unknown as Listing;
      const saved = await sendListing(
        t.http,
        owner,
        listingForm({ name: 'Saved without a version' }),
        {},
        listing._id,
      ).expect(200);
      expect(saved.body.updatedAt).not.toBe(listing.updatedAt);
      const bad = await sendListing(
        t.http,
        owner,
        { ...listingForm({ name: 'Not saved' }), updatedAt: 'not-a-time' },
        {},
        listing._id,
      ).expect(400);
      expectBadUpdatedAt(bad.body);
      // Valid as written, but year 10000 in UTC, where PostgreSQL reads it: a 400, not a 500.
      const late = await sendListing(
        t.http,
        owner,
        { ...listingForm({ name: 'Not saved' }), updatedAt: '9999-12-31T23:00:00-02:00' },
        {},
        listing._id,
      ).expect(400);
      expectBadUpdatedAt(late.body);
      expect((await load(listing._id)).name).toBe('Saved without a version');
    });

    it("an admin's verified or featured badge is not an edit: the owner's open form still saves", async () => {
      const listing = (await submitListing(t.http, owner)) as unknown as Listing;
      const opened = await load(listing._id);
      await t.http.put(`/api/directory/admin/${listing._id}/verify`).set(admin.auth).expect(200);
      await t.http.put(`/api/directory/admin/${listing._id}/feature`).set(admin.auth).expect(200);
      const saved = await sendListing(
        t.http,
        owner,
        { ...listingForm({ name: 'Saved after the badges' }), updatedAt: opened.updatedAt },
        {},
        listing._id,
      ).expect(200);
      expect(saved.body).toMatchObject({
        name: 'Saved after the badges',
        verified: true,
        featured: true,
      });
    });

    it('an approval after the form was opened still answers LISTING_NOT_EDITABLE', async () => {
      const listing = (await submitListing(t.http, owner)) as unknown as Listing;
      await t.http.put(`/api/directory/admin/${listing._id}/approve`).set(admin.auth).expect(200);
      const res = await sendListing(
        t.http,
        owner,
        { ...listingForm(), updatedAt: listing.updatedAt },
        {},
        listing._id,
      ).expect(409);
      expect(res.body.code).toBe('LISTING_NOT_EDITABLE');
    });

    it("an approval or rejection of the version the admin reviewed: not of the owner's later edit", async () => {
      const listing = (await submitListing(t.http, owner, {
        name: 'Reviewed name',
      })) as unknown as Listing;
      const reviewed = listing.updatedAt;
      // The owner edits the pending listing while the admin reads it.
      await sendListing(
        t.http,
        owner,
        listingForm({ name: 'Edited after review' }),
        {},
        listing._id,
      ).expect(200);
      for (const [action, body] of [
        ['approve', { verified: false, featured: false, updatedAt: reviewed }],
        ['reject', { reason: 'Not a business', updatedAt: reviewed }],
      ] as const) {
        const res = await t.http
          .put(`/api/directory/admin/${listing._id}/${action}`)
          .set(admin.auth)
          .send(body)
          .expect(409);
        expectConflict(res.body);
      }
      const now = await load(listing._id);
      expect(now).toMatchObject({ name: 'Edited after review', status: 'pending' });
      // Reviewed again, the edit is approved.
      const approved = await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .send({ updatedAt: now.updatedAt })
        .expect(200);
      expect(approved.body).toMatchObject({ name: 'Edited after review', status: 'approved' });
      const bad = await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .send({ updatedAt: 'yesterday' })
        .expect(400);
      expectBadUpdatedAt(bad.body);
    });
  });

  describe('on PGlite (the zero-setup database)', () => {
    let lite: TestApp;
    beforeAll(async () => {
      lite = await createTestApp({ driver: 'pglite' });
    });
    afterAll(async () => {
      await lite?.close();
    });

    it('a round-tripped updatedAt matches, and a stale one is refused', async () => {
      const liteAdmin = await loginAdmin(lite.http);
      for (let i = 0; i < 3; i++) {
        const event = (await createEvent(lite.http, liteAdmin, { title: `Lite ${i}` })) as Item;
        const put = (updatedAt: string) =>
          lite.http
            .put(`/api/events/${event._id}`)
            .set(liteAdmin.auth)
            .field({ ...eventForm({ title: `Lite ${i} edited` }), updatedAt });
        const saved = await put(event.updatedAt).expect(200);
        expect(saved.body.updatedAt).not.toBe(event.updatedAt);
        expectConflict((await put(event.updatedAt).expect(409)).body);
        await put(saved.body.updatedAt).expect(200);
      }
    });
  });

  describe('PUT /api/news/:id', () => {
    it('stale: 409 and unchanged; fresh: 200 with a new updatedAt; absent: 200; malformed: 400', async () => {
      const article = await createArticle(t.http, admin, { title: 'Original' });
      const opened = (await t.http.get(`/api/news/${article._id}`).set(admin.auth).expect(200))
        .body as Item;
      const fresh = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: 'First', updatedAt: opened.updatedAt })
        .expect(200);
      expect(fresh.body.updatedAt).not.toBe(opened.updatedAt);
      const stale = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: 'Second', updatedAt: opened.updatedAt })
        .expect(409);
      expectConflict(stale.body);
      const now = (await t.http.get(`/api/news/${article._id}`).set(admin.auth).expect(200))
        .body as Item;
      expect(now.title).toBe('First');
      expect(now.updatedAt).toBe(fresh.body.updatedAt);
      await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: 'Third' })
        .expect(200);
      const bad = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: 'Fourth', updatedAt: 12 })
        .expect(400);
      expectBadUpdatedAt(bad.body);
    });
  });

  describe('PUT /api/tutorials/courses/:id', () => {
    it('stale: 409 and unchanged; fresh: 200 with a new updatedAt; absent: 200; malformed: 400', async () => {
      const created = await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send(newCourse())
        .expect(201);
      const course = created.body as { id: string; name: string; updatedAt: string };
      const url = `/api/tutorials/courses/${course.id}`;
      const fresh = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'First', updatedAt: course.updatedAt })
        .expect(200);
      expect(fresh.body.updatedAt).not.toBe(course.updatedAt);
      const stale = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'Second', updatedAt: course.updatedAt })
        .expect(409);
      expectConflict(stale.body);
      const list = (
        await t.http.get('/api/tutorials/courses?includeHidden=true').set(admin.auth).expect(200)
      ).body as Array<{ id: string; name: string; updatedAt: string }>;
      expect(list.find((item) => item.id === course.id)).toMatchObject({
        name: 'First',
        updatedAt: fresh.body.updatedAt,
      });
      await t.http.put(url).set(admin.auth).send({ isActive: false }).expect(200);
      const bad = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'Fourth', updatedAt: '2026-13-01T00:00:00Z' })
        .expect(400);
      expectBadUpdatedAt(bad.body);
    });
  });

  describe('PUT /api/team/:id', () => {
    it('stale: 409 and unchanged; fresh: 200 with a new updatedAt; absent: 200; malformed: 400', async () => {
      const created = await t.http
        .post('/api/team')
        .set(admin.auth)
        .send(newTeamMember())
        .expect(201);
      const member = created.body as { _id: string; name: string; updatedAt: string };
      const url = `/api/team/${member._id}`;
      const fresh = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'First', updatedAt: member.updatedAt })
        .expect(200);
      expect(fresh.body.updatedAt).not.toBe(member.updatedAt);
      const stale = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'Second', updatedAt: member.updatedAt })
        .expect(409);
      expectConflict(stale.body);
      const list = (await t.http.get('/api/team').expect(200)).body as Array<{
        _id: string;
        name: string;
      }>;
      expect(list.find((item) => item._id === member._id)?.name).toBe('First');
      await t.http.put(url).set(admin.auth).send({ name: 'Third' }).expect(200);
      const bad = await t.http
        .put(url)
        .set(admin.auth)
        .send({ name: 'Fourth', updatedAt: 'soon' })
        .expect(400);
      expectBadUpdatedAt(bad.body);
    });
  });
});
