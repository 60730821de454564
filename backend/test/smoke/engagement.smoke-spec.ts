import { loginAdmin, registerMember } from '../support/factories';
import { createArticle } from '../support/news';
import { createTestApp, TestApp } from '../support/test-app';

// The engagement SQL (upsert CTEs, generated tsvector) must run on the embedded database too.
describe('news and engagement on PGlite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', redis: false });
  }, 60000);
  afterAll(() => t.close());

  it('publishes, searches, comments, replies, reacts and counts views', async () => {
    const admin = await loginAdmin(t.http);
    const member = await registerMember(t.http);
    const article = await createArticle(t.http, admin, { title: 'Addis Ababa marathon' });
    const found = await t.http.get('/api/news?search=marath').expect(200);
    expect(found.body.news.map((n: { _id: string }) => n._id)).toEqual([article._id]);

    const parent = await t.http
      .post('/api/comments')
      .set(member.auth)
      .send({ content: 'Who runs?', contentType: 'news', contentId: article._id })
      .expect(201);
    await t.http
      .post('/api/comments')
      .set(member.auth)
      .send({
        content: 'Me!',
        contentType: 'news',
        contentId: article._id,
        parentComment: parent.body._id,
      })
      .expect(201);
    const thread = await t.http.get(`/api/comments/news/${article._id}`).expect(200);
    expect(thread.body.comments[0]).toMatchObject({ _id: parent.body._id, replyCount: 1 });

    const url = `/api/reactions/news/${article._id}`;
    await t.http.post(`${url}/like`).set(member.auth).expect(200);
    const disliked = await t.http.post(`${url}/dislike`).set(member.auth).expect(200);
    expect(disliked.body).toEqual({ likes: 0, dislikes: 1, userReaction: 'dislike' });

    await t.http.post(`/api/news/${article._id}/view`).expect(200);
    const again = await t.http.post(`/api/news/${article._id}/view`).expect(200);
    expect(again.body).toEqual({ views: 1 });
  });
});
