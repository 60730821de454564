import { sql } from 'drizzle-orm';
import { approvedListing, listingForm, sendListing, submitListing } from './support/directory';
import { createEvent, eventForm, mp4Video, pngImage, withFields } from './support/events';
import { appWithAdminAndMember, newMember, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { newTeamMember } from './support/team';
import { newCourse } from './support/tutorials';
import { TestApp } from './support/test-app';

/**
 * A null sent for a field that may only be left out (a NOT NULL column, or a value the service
 * does not expect null for) is a 400 naming the field, never a 500, and nothing is written. Where
 * null means something (a nullable column the client may clear), it keeps working.
 */

const NOT_NULL = (field: string) => `${field} cannot be null: leave it out or send a value`;

/** The 400 for one refused field, whatever its message. */
function refused(field: string, msg: string = NOT_NULL(field.split('.').pop() as string)) {
  return {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    msg,
    errors: [{ field, msg, code: 'REQUIRED' }],
  };
}

describe('null for a field that may only be left out is a 400, and nothing is written', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    ({ t, admin, member } = await appWithAdminAndMember());
  });
  afterAll(() => t.close());

  /** The stored row, as JSON, read straight from the database (no cache in between). */
  async function stored(table: string, id: string): Promise<Record<string, unknown>> {
    const result = await t.database.db.execute(
      sql`SELECT to_jsonb(r) AS row FROM ${sql.identifier(table)} r WHERE id = ${id}`,
    );
    const [first] = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows;
    if (!first) throw new Error(`no ${table} row ${id}`);
    return first.row;
  }

  async function count(table: string): Promise<number> {
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0].n;
  }

  describe('POST /api/auth/register', () => {
    it.each(['interests', 'language'])('refuses %s: null and creates no account', async (field) => {
      const before = await count('users');
      const res = await t.http
        .post('/api/auth/register')
        .send(newMember({ [field]: null }))
        .expect(400);
      expect(res.body).toEqual(refused(field));
      expect(await count('users')).toBe(before);
    });
  });

  describe('PUT /api/users/profile (any member)', () => {
    const profile = {
      name: 'Null Tester',
      country: 'Canada',
      profession: 'Engineer',
      languages: ['Amharic'],
      skills: ['Welding'],
      interests: ['technology'],
      socialLinks: { website: 'https://example.org' },
      language: 'am',
    };
    let session: Session;
    let before: Record<string, unknown>;

    beforeAll(async () => {
      session = await registerMember(t.http);
      await t.http.put('/api/users/profile').set(session.auth).send(profile).expect(200);
      before = await stored('users', session.user._id);
    });

    it.each(['interests', 'language', 'languages', 'skills', 'socialLinks'])(
      'refuses %s: null and changes nothing',
      async (field) => {
        const res = await t.http
          .put('/api/users/profile')
          .set(session.auth)
          .send({ ...profile, bio: 'Changed', [field]: null })
          .expect(400);
        expect(res.body).toEqual(refused(field));
        expect(await stored('users', session.user._id)).toEqual(before);
        const me = await t.http.get('/api/auth/me').set(session.auth).expect(200);
        expect(me.body).toMatchObject({
          interests: ['technology'],
          language: 'am',
          languages: ['Amharic'],
          skills: ['Welding'],
          socialLinks: { website: 'https://example.org' },
          bio: 'Test member',
        });
      },
    );

    it('still clears a nullable text with null', async () => {
      const res = await t.http
        .put('/api/users/profile')
        .set(session.auth)
        .send({ ...profile, bio: 'Something', company: 'Acme' })
        .expect(200);
      expect(res.body).toMatchObject({ bio: 'Something', company: 'Acme' });
      const cleared = await t.http
        .put('/api/users/profile')
        .set(session.auth)
        .send({ ...profile, bio: null, company: null })
        .expect(200);
      expect(cleared.body).toMatchObject({ bio: null, company: null, language: 'am' });
    });
  });

  describe('news (admins)', () => {
    it.each(['featured', 'published'])(
      'POST refuses %s: null and stores nothing',
      async (field) => {
        const before = await count('news');
        const res = await t.http
          .post('/api/news')
          .set(admin.auth)
          .send({ title: 'A title', content: 'Some content', [field]: null })
          .expect(400);
        expect(res.body).toEqual(refused(field));
        expect(await count('news')).toBe(before);
      },
    );

    it.each([
      ['title', 'Title is required'],
      ['content', 'Content is required'],
      ['featured', undefined],
      ['published', undefined],
    ])('PUT refuses %s: null and changes nothing', async (field, msg) => {
      const article = await createArticle(t.http, admin, { featured: true });
      const before = await stored('news', article._id);
      const res = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ excerpt: 'Changed', [field]: null })
        .expect(400);
      expect(res.body).toEqual(refused(field, msg));
      expect(await stored('news', article._id)).toEqual(before);
      const read = await t.http.get(`/api/news/${article._id}`).expect(200);
      expect(read.body).toMatchObject({
        title: article.title,
        featured: true,
        published: true,
        excerpt: null,
      });
    });

    it('PUT still clears the excerpt and image with null', async () => {
      const article = await createArticle(t.http, admin, {
        excerpt: 'Short',
        image: 'https://example.org/a.png',
      });
      const res = await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ excerpt: null, image: null })
        .expect(200);
      expect(res.body).toMatchObject({ excerpt: null, image: null, title: article.title });
    });
  });

  describe('team (admins)', () => {
    const fields = [
      'isFounder',
      'isInstructor',
      'education',
      'expertise',
      'languages',
      'socialLinks',
      'sortOrder',
    ];

    it.each(fields)('POST refuses %s: null and stores nothing', async (field) => {
      const before = await count('team_members');
      const res = await t.http
        .post('/api/team')
        .set(admin.auth)
        .send(newTeamMember({ [field]: null }))
        .expect(400);
      expect(res.body).toEqual(refused(field));
      expect(await count('team_members')).toBe(before);
    });

    it.each([
      ['name', 'Name is required'],
      ['position', 'Position is required'],
      ['bio', 'Bio is required'],
      ...fields.map((field) => [field, undefined]),
    ])('PUT refuses %s: null and changes nothing', async (field, msg) => {
      const created = await t.http.post('/api/team').set(admin.auth).send(newTeamMember());
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      const before = await stored('team_members', id);
      const res = await t.http
        .put(`/api/team/${id}`)
        .set(admin.auth)
        .send({ bioAmharic: 'ለውጥ', [field as string]: null })
        .expect(400);
      expect(res.body).toEqual(refused(field as string, msg));
      expect(await stored('team_members', id)).toEqual(before);
      const listed = await t.http.get('/api/team').expect(200);
      expect(listed.body.find((person: { _id: string }) => person._id === id)).toMatchObject({
        name: created.body.name,
        isInstructor: true,
        sortOrder: created.body.sortOrder,
        bioAmharic: created.body.bioAmharic,
      });
    });

    it('still takes null for an education year and clears the Amharic bio with null', async () => {
      const created = await t.http
        .post('/api/team')
        .set(admin.auth)
        .send(
          newTeamMember({
            bioAmharic: 'ባዮ',
            education: [
              {
                degree: 'BA',
                field: 'History',
                institution: 'AAU',
                year: null,
                isTopUniversity: true,
              },
            ],
          }),
        )
        .expect(201);
      expect(created.body.education[0].year).toBeNull();
      const res = await t.http
        .put(`/api/team/${created.body._id}`)
        .set(admin.auth)
        .send({ bioAmharic: null })
        .expect(200);
      expect(res.body.bioAmharic).toBeNull();
    });
  });

  describe('courses (admins)', () => {
    const fields = ['isActive', 'sortOrder', 'subjects', 'subjectsAmharic'];

    it.each(fields)('POST refuses %s: null and stores nothing', async (field) => {
      const before = await count('courses');
      const res = await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send(newCourse({ [field]: null }))
        .expect(400);
      expect(res.body).toEqual(refused(field));
      expect(await count('courses')).toBe(before);
    });

    it.each([
      ['name', 'Name is required'],
      ['price', 'Price is required'],
      ...fields.map((field) => [field, undefined]),
    ])('PUT refuses %s: null and changes nothing', async (field, msg) => {
      const course = newCourse();
      await t.http.post('/api/tutorials/courses').set(admin.auth).send(course).expect(201);
      const before = await stored('courses', course.id);
      const res = await t.http
        .put(`/api/tutorials/courses/${course.id}`)
        .set(admin.auth)
        .send({ level: 'Advanced', [field as string]: null })
        .expect(400);
      expect(res.body).toEqual(refused(field as string, msg));
      expect(await stored('courses', course.id)).toEqual(before);
      const listed = await t.http
        .get('/api/tutorials/courses?includeHidden=true')
        .set(admin.auth)
        .expect(200);
      expect(listed.body.find((c: { id: string }) => c.id === course.id)).toMatchObject({
        name: course.name,
        level: course.level,
        isActive: true,
        subjects: course.subjects,
      });
    });
  });

  describe('directory moderation (admins)', () => {
    it.each([
      ['verify', 'verified'],
      ['feature', 'featured'],
      ['approve', 'verified'],
      ['approve', 'featured'],
    ])('PUT /admin/:id/%s refuses %s: null and changes nothing', async (action, field) => {
      const listing =
        action === 'approve'
          ? await submitListing(t.http, member)
          : await approvedListing(t.http, member, admin);
      const before = await stored('directory_listings', listing._id);
      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/${action}`)
        .set(admin.auth)
        .send({ [field]: null })
        .expect(400);
      expect(res.body).toEqual(refused(field));
      expect(await stored('directory_listings', listing._id)).toEqual(before);
      const read = await t.http.get(`/api/directory/${listing._id}`).set(admin.auth).expect(200);
      expect(read.body).toMatchObject({
        status: listing.status,
        verified: false,
        featured: false,
      });
    });

    it('still sets the flag when the body leaves it out', async () => {
      const listing = await approvedListing(t.http, member, admin);
      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/verify`)
        .set(admin.auth)
        .send({})
        .expect(200);
      expect(res.body.verified).toBe(true);
    });
  });

  describe('multipart JSON fields: the keep-lists of an edit', () => {
    it.each([
      ['null', 'existingImages cannot be null: leave it out or send a value', 'REQUIRED'],
      ['"a.png"', 'existingImages must be a list of URLs', 'WRONG_TYPE'],
      ['{}', 'existingImages must be a list of URLs', 'WRONG_TYPE'],
      ['[null]', 'existingImages must be a list of URLs', 'WRONG_TYPE'],
    ])('PUT /api/directory/:id refuses existingImages=%s', async (text, msg, code) => {
      const listing = await submitListing(
        t.http,
        member,
        {},
        { logo: await pngImage(), images: [await pngImage()] },
      );
      const before = await stored('directory_listings', listing._id);
      const res = await sendListing(
        t.http,
        member,
        listingForm({ name: 'Renamed', existingImages: text }),
        {},
        listing._id,
      ).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        msg,
        errors: [{ field: 'existingImages', msg, code }],
      });
      expect(await stored('directory_listings', listing._id)).toEqual(before);
      for (const url of listing.images as string[]) await t.http.get(url).expect(200);
    });

    it.each([
      ['existingImages', 'null', 'REQUIRED'],
      ['existingVideos', 'null', 'REQUIRED'],
      ['existingImages', '"x"', 'WRONG_TYPE'],
      ['existingVideos', '{"url": "x"}', 'WRONG_TYPE'],
    ])('PUT /api/events/:id refuses %s=%s on an event with media', async (field, text, code) => {
      const event = await createEvent(
        t.http,
        admin,
        {},
        { images: [await pngImage()], videos: [mp4Video()] },
      );
      const before = await stored('events', event._id);
      const fields = { ...eventForm({ title: 'Renamed' }), [field]: text };
      const res = await withFields(
        t.http.put(`/api/events/${event._id}`).set(admin.auth),
        fields,
      ).expect(400);
      const msg = code === 'REQUIRED' ? NOT_NULL(field) : `${field} must be a list of URLs`;
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        msg,
        errors: [{ field, msg, code }],
      });
      expect(await stored('events', event._id)).toEqual(before);
      const read = await t.http.get(`/api/events/${event._id}`).expect(200);
      expect(read.body.title).toBe(event.title);
      expect(read.body.images).toHaveLength(1);
      expect(read.body.videos).toHaveLength(1);
      await t.http.get(read.body.images[0].url).expect(200);
    });

    it.each([
      ['pricing', 'null'],
      ['pricing.general', '{"general": null}'],
      ['pricing.general.currency', '{"general": {"amount": 5, "currency": null}}'],
    ])('PUT /api/events/:id refuses %s: null in the pricing JSON', async (field, pricing) => {
      const event = await createEvent(t.http, admin);
      const before = await stored('events', event._id);
      const fields = { ...eventForm({ isFree: false }), pricing };
      const res = await withFields(
        t.http.put(`/api/events/${event._id}`).set(admin.auth),
        fields,
      ).expect(400);
      expect(res.body).toEqual(refused(field));
      expect(await stored('events', event._id)).toEqual(before);
    });

    it('still keeps every medium when the keep-lists are left out, and none with []', async () => {
      const event = await createEvent(t.http, admin, {}, { images: [await pngImage()] });
      let request = t.http.put(`/api/events/${event._id}`).set(admin.auth);
      for (const [name, value] of Object.entries(eventForm({ title: 'Kept' })))
        request = request.field(name, value);
      const kept = await request.expect(200);
      expect(kept.body.images).toHaveLength(1);
      request = t.http.put(`/api/events/${event._id}`).set(admin.auth);
      const fields = { ...eventForm({ title: 'Dropped' }), existingImages: '[]' };
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      const dropped = await request.expect(200);
      expect(dropped.body.images).toHaveLength(0);
    });
  });

  it('comments still take parentComment: null for a top-level comment', async () => {
    const article = await createArticle(t.http, admin);
    const res = await t.http
      .post('/api/comments')
      .set(member.auth)
      .send({ content: 'Hello', contentType: 'news', contentId: article._id, parentComment: null })
      .expect(201);
    expect(res.body.parentComment).toBeNull();
  });
});
