import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { appWithAdminAndMember, Session } from './support/factories';
import { pngImage } from './support/events';
import { createArticle } from './support/news';
import { TestApp } from './support/test-app';

describe('news: list, filters, search, detail, admin writes', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    ({ t, admin, member } = await appWithAdminAndMember());
  });
  afterAll(() => t.close());

  describe('POST /api/news', () => {
    it('creates with defaults: category community, published, dated, by the admin', async () => {
      const res = await t.http
        .post('/api/news')
        .set(admin.auth)
        .send({ title: 'Hello', content: 'World' })
        .expect(201);
      expect(res.body).toMatchObject({
        _id: expect.any(String),
        title: 'Hello',
        content: 'World',
        excerpt: null,
        image: null,
        category: 'community',
        featured: false,
        published: true,
        author: { _id: admin.user._id, name: admin.user.name },
        likes: 0,
        dislikes: 0,
        myReaction: null,
        views: 0,
      });
      expect(new Date(res.body.publishedAt).toISOString()).toBe(res.body.publishedAt);
      expect(res.body.search).toBeUndefined();
    });

    it('requires title and content, and checks category and image', async () => {
      const res = await t.http.post('/api/news').set(admin.auth).send({ title: ' ' }).expect(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'title', msg: 'Title is required', code: 'REQUIRED' },
          { field: 'content', msg: expect.any(String), code: 'REQUIRED' },
        ]),
      );
      const category = await t.http
        .post('/api/news')
        .set(admin.auth)
        .send({ title: 'a', content: 'b', category: 'gossip' })
        .expect(400);
      expect(category.body.errors[0].field).toBe('category');
      const image = await t.http
        .post('/api/news')
        .set(admin.auth)
        .send({ title: 'a', content: 'b', image: 'javascript:alert(1)' })
        .expect(400);
      expect(image.body.errors).toEqual([
        { field: 'image', msg: 'Image must be a valid URL', code: 'INVALID_FORMAT' },
      ]);
    });

    it('accepts every category of the admin form and of the filter', async () => {
      for (const category of ['youth', 'development', 'story', 'events', 'announcements']) {
        const article = await createArticle(t.http, admin, { category });
        expect(article.category).toBe(category);
      }
    });

    it('is for admins only', async () => {
      await t.http.post('/api/news').send({ title: 'a', content: 'b' }).expect(401);
      const res = await t.http
        .post('/api/news')
        .set(member.auth)
        .send({ title: 'a', content: 'b' })
        .expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    });
  });

  describe('GET /api/news/:id', () => {
    it('returns an article with likes, dislikes and views', async () => {
      const article = await createArticle(t.http, admin, { title: 'Detail' });
      await t.http.post(`/api/reactions/news/${article._id}/like`).set(member.auth).expect(200);
      await t.http.post(`/api/news/${article._id}/view`).expect(200);
      const res = await t.http.get(`/api/news/${article._id}`).expect(200);
      expect(res.body).toMatchObject({
        _id: article._id,
        title: 'Detail',
        likes: 1,
        dislikes: 0,
        myReaction: null,
        views: 1,
      });
    });

    it('answers 404 for unknown ids, malformed ids, and drafts for non-admins', async () => {
      await t.http.get(`/api/news/${randomUUID()}`).expect(404);
      await t.http.get('/api/news/not-an-id').expect(404);
      const draft = await createArticle(t.http, admin, { published: false });
      await t.http.get(`/api/news/${draft._id}`).expect(404);
      await t.http.get(`/api/news/${draft._id}`).set(member.auth).expect(404);
      await t.http.get(`/api/news/${draft._id}`).set(admin.auth).expect(200);
    });
  });

  describe('PUT /api/news/:id', () => {
    it('edits fields, dates the first publication, and clears an excerpt', async () => {
      const draft = await createArticle(t.http, admin, {
        published: false,
        excerpt: 'Short',
      });
      expect(draft.publishedAt).toBeNull();
      const res = await t.http
        .put(`/api/news/${draft._id}`)
        .set(admin.auth)
        .send({ title: 'Renamed', published: true, featured: true, excerpt: '' })
        .expect(200);
      expect(res.body).toMatchObject({
        title: 'Renamed',
        published: true,
        featured: true,
        excerpt: null,
        content: draft.content,
      });
      expect(res.body.publishedAt).toEqual(expect.any(String));
      await t.http.get(`/api/news/${draft._id}`).expect(200);
    });

    it('refuses a blank title, members, and unknown ids', async () => {
      const article = await createArticle(t.http, admin);
      await t.http.put(`/api/news/${article._id}`).set(admin.auth).send({ title: '' }).expect(400);
      await t.http
        .put(`/api/news/${article._id}`)
        .set(member.auth)
        .send({ title: 'x' })
        .expect(403);
      await t.http
        .put(`/api/news/${randomUUID()}`)
        .set(admin.auth)
        .send({ title: 'x' })
        .expect(404);
    });
  });

  describe('PUT /api/news/:id/image', () => {
    it('stores an uploaded image through the media service and serves it', async () => {
      const article = await createArticle(t.http, admin);
      const res = await t.http
        .put(`/api/news/${article._id}/image`)
        .set(admin.auth)
        .attach('image', await pngImage(), 'cover.png')
        .expect(200);
      expect(res.body.image).toMatch(new RegExp(`^/api/files/news/${article._id}/.+\\.webp$`));
      const served = await t.http.get(res.body.image).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const shown = await t.http.get(`/api/news/${article._id}`).expect(200);
      expect(shown.body.image).toBe(res.body.image);
    });

    it('refuses a file that is not an image, a missing file, and members', async () => {
      const article = await createArticle(t.http, admin);
      const fake = await t.http
        .put(`/api/news/${article._id}/image`)
        .set(admin.auth)
        .attach('image', Buffer.from('not an image'), 'fake.png')
        .expect(400);
      expect(fake.body.code).toBe('UNSUPPORTED_FILE_TYPE');
      await t.http
        .put(`/api/news/${article._id}/image`)
        .set(admin.auth)
        .field('note', 'no file')
        .expect(400);
      await t.http
        .put(`/api/news/${article._id}/image`)
        .set(member.auth)
        .attach('image', await pngImage(), 'cover.png')
        .expect(403);
      const unchanged = await t.http.get(`/api/news/${article._id}`).expect(200);
      expect(unchanged.body.image).toBeNull();
    });
  });

  describe('PUT /api/news/:id/image, a huge image in a small file', () => {
    it('refuses an image over 70 megapixels with a 413 before resizing it', async () => {
      const article = await createArticle(t.http, admin);
      // 9000 × 9000 of one colour: 81 megapixels in a file of a few hundred kilobytes.
      const huge = await sharp({
        create: { width: 9000, height: 9000, channels: 3, background: '#ffffff' },
      })
        .png()
        .toBuffer();
      expect(huge.length).toBeLessThan(2 * 1024 * 1024);
      const res = await t.http
        .put(`/api/news/${article._id}/image`)
        .set(admin.auth)
        .attach('image', huge, 'huge.png')
        .expect(413);
      expect(res.body).toMatchObject({
        code: 'FILE_TOO_LARGE',
        msg: 'huge.png is too large: at most 70 megapixels (width × height)',
      });
      const unchanged = await t.http.get(`/api/news/${article._id}`).expect(200);
      expect(unchanged.body.image).toBeNull();
    });
  });

  describe('DELETE /api/news/:id', () => {
    it('deletes the article with its comments, reactions and views (admins only)', async () => {
      const article = await createArticle(t.http, admin);
      const comment = await t.http
        .post('/api/comments')
        .set(member.auth)
        .send({ content: 'Bye', contentType: 'news', contentId: article._id })
        .expect(201);
      await t.http.post(`/api/reactions/news/${article._id}/like`).set(member.auth).expect(200);
      await t.http.delete(`/api/news/${article._id}`).set(member.auth).expect(403);
      await t.http.delete(`/api/news/${article._id}`).set(admin.auth).expect(200);
      await t.http.get(`/api/news/${article._id}`).set(admin.auth).expect(404);
      await t.http.get(`/api/comments/replies/${comment.body._id}`).expect(404);
      await t.http.get(`/api/reactions/news/${article._id}`).expect(404);
      await t.http.delete(`/api/news/${article._id}`).set(admin.auth).expect(404);
    });
  });
});
