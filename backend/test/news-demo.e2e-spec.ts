import { createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';

describe('news demo content (SEED_DEMO)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('publishes a few articles, one of them featured, by the admin', async () => {
    const all = await t.http.get('/api/news').expect(200);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    const featured = await t.http.get('/api/news?featured=true').expect(200);
    expect(featured.body.total).toBe(1);
    expect(featured.body.news[0].author.name).toBe('Admin');
    expect(featured.body.news[0].likes).toBeGreaterThan(0);
  });

  it('starts a discussion with replies under the featured article', async () => {
    const [article] = (await t.http.get('/api/news?featured=true').expect(200)).body.news;
    const thread = await t.http.get(`/api/comments/news/${article._id}`).expect(200);
    expect(thread.body.total).toBeGreaterThanOrEqual(2);
    const withReplies = thread.body.comments.find(
      (comment: { replyCount: number }) => comment.replyCount > 0,
    );
    expect(withReplies).toBeDefined();
    const replies = await t.http.get(`/api/comments/replies/${withReplies._id}`).expect(200);
    expect(replies.body.replies).toHaveLength(withReplies.replyCount);
  });
});
