import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, databaseOf, TestApp } from './support/test-app';

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

  describe('paging threads and replies by cursor', () => {
    interface Listed {
      total: number;
      page: number;
      totalPages: number;
      nextCursor: string | null;
    }
    type Thread = Listed & { comments: Array<{ _id: string; content: string }> };
    type Replies = Listed & { replies: Array<{ _id: string; content: string }> };
    const contents = (items: Array<{ content: string }>) => items.map((item) => item.content);
    const cursorOf = (answer: Listed) => encodeURIComponent(answer.nextCursor ?? '');

    /** A fresh article with top-level comments 1..n, posted in that order. */
    async function threadOf(n: number) {
      const article = await createArticle(t.http, admin);
      const on = async (content: string, parentComment?: string) =>
        (
          await post(alice, { content, contentType: 'news', contentId: article._id, parentComment })
            .expect(201)
            .then((res) => res.body as { _id: string })
        )._id;
      const ids: string[] = [];
      for (let i = 1; i <= n; i++) ids.push(await on(`c${i}`));
      const list = async (query: string): Promise<Thread> =>
        (await t.http.get(`/api/comments/news/${article._id}?${query}`).expect(200)).body;
      return { article, on, ids, list };
    }

    it('goes on after the last comment shown though one was added and two deleted since', async () => {
      const { on, ids, list } = await threadOf(5);
      const first = await list('limit=2');
      expect(contents(first.comments)).toEqual(['c5', 'c4']);
      expect(first).toMatchObject({ total: 5, page: 1, totalPages: 3 });
      expect(first.nextCursor).toEqual(expect.any(String));

      // Meanwhile a new comment arrives on top: by page number, c4 would show again.
      const c6 = await on('c6');
      expect(contents((await list('limit=2&page=2')).comments)).toEqual(['c4', 'c3']);
      const second = await list(`limit=2&cursor=${cursorOf(first)}`);
      expect(contents(second.comments)).toEqual(['c3', 'c2']);
      expect(second.total).toBe(6);

      // Then two above are deleted: by page number, c1 would be skipped.
      for (const id of [c6, ids[4]]) {
        await t.http.delete(`/api/comments/${id}`).set(alice.auth).expect(200);
      }
      expect(contents((await list('limit=2&page=3')).comments)).toEqual([]);
      const third = await list(`limit=2&cursor=${cursorOf(second)}`);
      expect(contents(third.comments)).toEqual(['c1']);
      expect(third.nextCursor).toBeNull();
    });

    it('walks comments of the same instant once each, in the order of the numbered pages', async () => {
      const { article, list } = await threadOf(7);
      await databaseOf(t.http).db.execute(
        sql`UPDATE comments SET created_at = '2026-01-01T00:00:00.000Z' WHERE content_id = ${article._id} AND content IN ('c2', 'c3', 'c4', 'c5')`,
      );
      const byPage: string[] = [];
      for (let page = 1; page <= 3; page++) {
        byPage.push(...contents((await list(`limit=3&page=${page}`)).comments));
      }
      const byCursor: string[] = [];
      let answer = await list('limit=3');
      for (;;) {
        byCursor.push(...contents(answer.comments));
        if (!answer.nextCursor) break;
        answer = await list(`limit=3&cursor=${cursorOf(answer)}`);
      }
      expect(byCursor).toEqual(byPage);
      expect([...byCursor].sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
      expect(byCursor.slice(0, 3)).toEqual(['c7', 'c6', 'c1']);
    });

    it('goes on after the last reply shown though replies were added and deleted since', async () => {
      const { on, ids } = await threadOf(1);
      const parent = ids[0];
      const replyIds: string[] = [];
      for (let i = 1; i <= 5; i++) replyIds.push(await on(`r${i}`, parent));
      const list = async (query: string): Promise<Replies> =>
        (await t.http.get(`/api/comments/replies/${parent}?${query}`).expect(200)).body;
      const first = await list('limit=2');
      expect(contents(first.replies)).toEqual(['r1', 'r2']);
      expect(first).toMatchObject({ total: 5, page: 1, totalPages: 3 });

      // The first reply is deleted and a new one comes: by page number, r3 would be skipped.
      await t.http.delete(`/api/comments/${replyIds[0]}`).set(alice.auth).expect(200);
      await on('r6', parent);
      expect(contents((await list('limit=2&page=2')).replies)).toEqual(['r4', 'r5']);
      const second = await list(`limit=2&cursor=${cursorOf(first)}`);
      expect(contents(second.replies)).toEqual(['r3', 'r4']);
      const third = await list(`limit=2&cursor=${cursorOf(second)}`);
      expect(contents(third.replies)).toEqual(['r5', 'r6']);
      expect(third.nextCursor).toBeNull();
      expect(third.total).toBe(5);
    });

    it('refuses a cursor it did not give out with a field error on cursor (400, not 500)', async () => {
      const { article, ids } = await threadOf(1);
      // The suite's first article and this test's are published: the news list gives out a cursor.
      const newsCursor = (await t.http.get('/api/news?limit=1').expect(200)).body.nextCursor;
      expect(newsCursor).toEqual(expect.any(String));
      const id = '00000000-0000-4000-8000-000000000000';
      const wrong = [
        'not-a-cursor',
        Buffer.from(`2026-01-01T00:00:00.000Z|${id}|x`).toString('base64url'),
        Buffer.from(`0000-01-01T00:00:00.000Z|${id}`).toString('base64url'),
        Buffer.from(`+275760-09-13T00:00:00.000Z|${id}`).toString('base64url'),
        Buffer.from(`2026-1-1|${id}`).toString('base64url'),
        'x'.repeat(201),
        newsCursor,
      ];
      for (const path of [`/api/comments/news/${article._id}`, `/api/comments/replies/${ids[0]}`]) {
        for (const cursor of wrong) {
          const res = await t.http.get(`${path}?cursor=${encodeURIComponent(cursor)}`).expect(400);
          expect(res.body).toMatchObject({
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            errors: [expect.objectContaining({ field: 'cursor' })],
          });
          expect(res.body.msg).toEqual(expect.any(String));
        }
      }
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
