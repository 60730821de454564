import { randomUUID } from 'node:crypto';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, TestApp } from './support/test-app';

describe('comments: threads, replies one level deep, likes, deletion', () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let articleId: string;

  const post = (session: Session, body: Record<string, unknown>) =>
    t.http.post('/api/comments').set(session.auth).send(body);
  const comment = async (session: Session, content: string, parentComment?: string) =>
    (
      await post(session, {
        content,
        contentType: 'news',
        contentId: articleId,
        parentComment,
      }).expect(201)
    ).body as { _id: string; replyCount: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
    alice = await registerMember(t.http, { name: 'Alice Abebe' });
    bob = await registerMember(t.http, { name: 'Bob Bekele' });
    articleId = (await createArticle(t.http, admin))._id;
  });
  afterAll(() => t.close());

  describe('POST /api/comments', () => {
    it('creates a comment with its author, empty reactions and no replies', async () => {
      const res = await post(alice, {
        content: '  Great news!  ',
        contentType: 'news',
        contentId: articleId,
      }).expect(201);
      expect(res.body).toMatchObject({
        _id: expect.any(String),
        content: 'Great news!',
        contentType: 'news',
        contentId: articleId,
        parentComment: null,
        author: { _id: alice.user._id, name: 'Alice Abebe' },
        authorDeleted: false,
        likes: 0,
        dislikes: 0,
        myReaction: 'none',
        replyCount: 0,
      });
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    });

    it('refuses guests with 401', async () => {
      await t.http
        .post('/api/comments')
        .send({ content: 'hi', contentType: 'news', contentId: articleId })
        .expect(401);
    });

    it('refuses a blank comment and one over 5000 characters', async () => {
      const blank = await post(alice, {
        content: '   ',
        contentType: 'news',
        contentId: articleId,
      }).expect(400);
      expect(blank.body.errors).toEqual([
        { field: 'content', msg: 'Comment is required', code: 'REQUIRED' },
      ]);
      const long = await post(alice, {
        content: 'x'.repeat(5001),
        contentType: 'news',
        contentId: articleId,
      }).expect(400);
      expect(long.body.errors).toEqual([
        { field: 'content', msg: 'Comment must be at most 5000 characters', code: 'TOO_LONG' },
      ]);
      await post(alice, {
        content: 'x'.repeat(5000),
        contentType: 'news',
        contentId: articleId,
      }).expect(201);
    });

    it('refuses an unknown content type (400) and a missing target (404)', async () => {
      const type = await post(alice, {
        content: 'hi',
        contentType: 'recipes',
        contentId: articleId,
      }).expect(400);
      expect(type.body.errors).toEqual([
        { field: 'contentType', msg: expect.any(String), code: 'NOT_ALLOWED' },
      ]);
      await post(alice, { content: 'hi', contentType: 'news', contentId: randomUUID() }).expect(
        404,
      );
      await post(alice, { content: 'hi', contentType: 'news', contentId: 'nope' }).expect(404);
    });

    it('refuses comments on an unpublished article', async () => {
      const draft = await createArticle(t.http, admin, { published: false });
      await post(alice, { content: 'hi', contentType: 'news', contentId: draft._id }).expect(404);
    });
  });

  describe('replies', () => {
    it('limits a reply to 100 characters with the spec message', async () => {
      const parent = await comment(alice, 'Who is coming?');
      const res = await post(bob, {
        content: 'y'.repeat(101),
        contentType: 'news',
        contentId: articleId,
        parentComment: parent._id,
      }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        msg: 'Reply must be 100 characters or less',
        errors: [
          { field: 'content', msg: 'Reply must be 100 characters or less', code: 'TOO_LONG' },
        ],
      });
      await comment(bob, 'y'.repeat(100), parent._id);
    });

    it('takes replies on top-level comments only (one level deep)', async () => {
      const parent = await comment(alice, 'Top level');
      const reply = await comment(bob, 'A reply', parent._id);
      const res = await post(alice, {
        content: 'A reply to a reply',
        contentType: 'news',
        contentId: articleId,
        parentComment: reply._id,
      }).expect(400);
      expect(res.body.errors).toEqual([
        {
          field: 'parentComment',
          msg: 'Only top-level comments can be replied to',
          code: 'NOT_ALLOWED',
        },
      ]);
    });

    it('refuses a reply to a comment of another item or to no comment', async () => {
      const other = await createArticle(t.http, admin);
      const parent = await comment(alice, 'On the first article');
      await post(bob, {
        content: 'Wrong thread',
        contentType: 'news',
        contentId: other._id,
        parentComment: parent._id,
      }).expect(404);
      await post(bob, {
        content: 'Nobody',
        contentType: 'news',
        contentId: articleId,
        parentComment: randomUUID(),
      }).expect(404);
    });

    it('lists replies oldest first and counts them on the parent', async () => {
      const parent = await comment(alice, 'Parent with replies');
      await comment(bob, 'first reply', parent._id);
      await comment(alice, 'second reply', parent._id);
      const replies = await t.http.get(`/api/comments/replies/${parent._id}`).expect(200);
      expect(replies.body).toMatchObject({ total: 2, page: 1, totalPages: 1 });
      expect(replies.body.replies.map((r: { content: string }) => r.content)).toEqual([
        'first reply',
        'second reply',
      ]);
      expect(replies.body.replies[0]).toMatchObject({
        parentComment: parent._id,
        author: { name: 'Bob Bekele' },
      });
      const thread = await t.http.get(`/api/comments/news/${articleId}?limit=1`).expect(200);
      expect(thread.body.comments[0]).toMatchObject({ _id: parent._id, replyCount: 2 });
      await t.http.get(`/api/comments/replies/${randomUUID()}`).expect(404);
    });
  });

  describe('GET /api/comments/:contentType/:contentId', () => {
    it('pages top-level comments newest first, without replies, for guests too', async () => {
      const article = await createArticle(t.http, admin);
      const on = (content: string, parentComment?: string) =>
        post(alice, { content, contentType: 'news', contentId: article._id, parentComment })
          .expect(201)
          .then((res) => res.body as { _id: string });
      const first = await on('one');
      await on('two');
      await on('three');
      await on('a reply', first._id);
      const page1 = await t.http.get(`/api/comments/news/${article._id}?limit=2`).expect(200);
      expect(page1.body).toMatchObject({ total: 3, page: 1, totalPages: 2 });
      expect(page1.body.comments.map((c: { content: string }) => c.content)).toEqual([
        'three',
        'two',
      ]);
      const page2 = await t.http
        .get(`/api/comments/news/${article._id}?limit=2&page=2`)
        .expect(200);
      expect(page2.body.comments).toEqual([
        expect.objectContaining({ content: 'one', replyCount: 1 }),
      ]);
    });

    it('answers a missing item with 404', async () => {
      await t.http.get(`/api/comments/news/${randomUUID()}`).expect(404);
    });
  });

  describe('likes on comments', () => {
    it('toggles and switches, returning the counts and my reaction', async () => {
      const target = await comment(alice, 'Like me');
      const liked = await t.http.post(`/api/comments/${target._id}/like`).set(bob.auth).expect(200);
      expect(liked.body).toEqual({ _id: target._id, likes: 1, dislikes: 0, myReaction: 'like' });
      const switched = await t.http
        .post(`/api/comments/${target._id}/dislike`)
        .set(bob.auth)
        .expect(200);
      expect(switched.body).toEqual({
        _id: target._id,
        likes: 0,
        dislikes: 1,
        myReaction: 'dislike',
      });
      const removed = await t.http
        .post(`/api/comments/${target._id}/dislike`)
        .set(bob.auth)
        .expect(200);
      expect(removed.body).toEqual({ _id: target._id, likes: 0, dislikes: 0, myReaction: 'none' });
      await t.http.post(`/api/comments/${target._id}/like`).set(alice.auth).expect(200);
      const thread = await t.http.get(`/api/comments/news/${articleId}?limit=100`).expect(200);
      const shown = thread.body.comments.find((c: { _id: string }) => c._id === target._id);
      // Counts only, never who: a guest sees no member ids and no reaction of their own.
      expect(shown).toMatchObject({ likes: 1, dislikes: 0, myReaction: null });
      expect(JSON.stringify(thread.body)).not.toContain(`"${alice.user._id}"],`);
      const asAlice = await t.http
        .get(`/api/comments/news/${articleId}?limit=100`)
        .set(alice.auth)
        .expect(200);
      const hers = asAlice.body.comments.find((c: { _id: string }) => c._id === target._id);
      expect(hers).toMatchObject({ likes: 1, myReaction: 'like' });
    });

    it('refuses guests and unknown comments', async () => {
      const target = await comment(alice, 'Guests cannot like');
      await t.http.post(`/api/comments/${target._id}/like`).expect(401);
      await t.http.post(`/api/comments/${randomUUID()}/like`).set(bob.auth).expect(404);
    });
  });

  describe('DELETE /api/comments/:id', () => {
    it('lets the author delete, with the replies, and refuses others with 403', async () => {
      const parent = await comment(alice, 'Mine to delete');
      const reply = await comment(bob, 'A reply that goes too', parent._id);
      const denied = await t.http.delete(`/api/comments/${parent._id}`).set(bob.auth).expect(403);
      expect(denied.body.msg).toBe('You can only delete your own comments');
      await t.http.delete(`/api/comments/${parent._id}`).set(alice.auth).expect(200);
      await t.http.get(`/api/comments/replies/${parent._id}`).expect(404);
      await t.http.delete(`/api/comments/${reply._id}`).set(bob.auth).expect(404);
    });

    it('lets an admin delete any comment', async () => {
      const target = await comment(bob, 'Moderated');
      await t.http.delete(`/api/comments/${target._id}`).set(admin.auth).expect(200);
      await t.http.delete(`/api/comments/${target._id}`).set(admin.auth).expect(404);
    });
  });
});
