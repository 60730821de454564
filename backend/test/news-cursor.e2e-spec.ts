import { sql } from 'drizzle-orm';
import { createEvent } from './support/events';
import { loginAdmin, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, databaseOf, TestApp } from './support/test-app';

interface Listed {
  news: Array<{ _id: string; title: string }>;
  total: number;
  nextCursor: string | null;
}

// A database of its own: the walks below must see exactly these articles.
describe('news list by keyset cursor beside page numbers', () => {
  let t: TestApp;
  let boss: Session;

  /** Every title of a list, page by page (page numbers) and cursor by cursor. */
  async function walk(url: string, session?: Session) {
    const ask = (path: string) => {
      const request = t.http.get(path);
      return (session ? request.set(session.auth) : request).expect(200);
    };
    const first: Listed = (await ask(url)).body;
    const byPage: string[] = [];
    for (let page = 1; page <= Math.ceil(first.total / 3); page++) {
      byPage.push(
        ...(await ask(`${url}&page=${page}`)).body.news.map((n: Listed['news'][0]) => n.title),
      );
    }
    const byCursor: string[] = [];
    let answer = first;
    for (;;) {
      byCursor.push(...answer.news.map((n) => n.title));
      if (!answer.nextCursor) break;
      answer = (await ask(`${url}&cursor=${encodeURIComponent(answer.nextCursor)}`)).body;
      expect(answer.total).toBe(first.total);
    }
    return { total: first.total, byPage, byCursor };
  }

  beforeAll(async () => {
    t = await createTestApp();
    boss = await loginAdmin(t.http);
    for (let i = 1; i <= 7; i++) await createArticle(t.http, boss, { title: `Story ${i}` });
    // Two events, so the events list gives out a cursor the news list must refuse.
    for (const i of [1, 2]) await createEvent(t.http, boss, { title: `Evening ${i}` });
    for (const i of [1, 2]) {
      await createArticle(t.http, boss, { title: `Draft ${i}`, published: false });
    }
    // Three stories published at the same instant: their order falls to creation time and id.
    await databaseOf(t.http).db.execute(
      sql`UPDATE news SET published_at = '2026-01-01T00:00:00Z' WHERE title IN ('Story 2', 'Story 3', 'Story 4')`,
    );
  });
  afterAll(() => t.close());

  it('walks every published article once, in the order of the numbered pages', async () => {
    const { total, byPage, byCursor } = await walk('/api/news?limit=3');
    expect(total).toBe(7);
    expect(byCursor).toEqual(byPage);
    expect(new Set(byCursor).size).toBe(7);
    expect(byCursor).toEqual([
      'Story 7',
      'Story 6',
      'Story 5',
      'Story 1',
      'Story 4',
      'Story 3',
      'Story 2',
    ]);
  });

  it("walks an admin's list with the drafts (no published date) first, then the rest", async () => {
    const { total, byPage, byCursor } = await walk('/api/news?limit=3', boss);
    expect(total).toBe(9);
    expect(byCursor).toEqual(byPage);
    expect(byCursor.slice(0, 2)).toEqual(['Draft 2', 'Draft 1']);
    expect(new Set(byCursor).size).toBe(9);
  });

  it('refuses a cursor it did not give out with a field error on cursor', async () => {
    const eventsCursor = (await t.http.get('/api/events?limit=1').expect(200)).body.nextCursor;
    expect(eventsCursor).toEqual(expect.any(String));
    const wrong = [
      'not-a-cursor',
      Buffer.from('2026-01-01T00:00:00.000Z|nope|x').toString('base64url'),
      Buffer.from('|2026-01-01T00:00:00.000Z').toString('base64url'),
      eventsCursor,
    ];
    for (const cursor of wrong) {
      const res = await t.http.get(`/api/news?cursor=${cursor}`).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'cursor', code: 'INVALID_FORMAT' }],
      });
      expect(res.body.msg).toEqual(expect.any(String));
    }
  });

  it('refuses a cursor whose times PostgreSQL cannot read (a 400, not a 500)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const outOfRange = [
      '0000-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2026-1-1',
    ];
    for (const time of outOfRange) {
      const lists = [
        ['/api/events', [time, id]],
        ['/api/news', ['', time, id]],
        ['/api/news', [time, '2026-01-01T00:00:00.000Z', id]],
      ] as const;
      for (const [path, parts] of lists) {
        const cursor = Buffer.from(parts.join('|')).toString('base64url');
        const res = await t.http.get(`${path}?cursor=${cursor}`).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: 'cursor' })]);
      }
    }
  });
});

describe('news cursor with articles created within one millisecond', () => {
  let t: TestApp;
  let boss: Session;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await loginAdmin(t.http);
    for (const title of ['Draft A', 'Draft B', 'Draft C']) {
      await createArticle(t.http, boss, { title, published: false });
    }
    // A cursor carries milliseconds: times finer than that must not fall between two pages.
    await databaseOf(t.http).db.execute(
      sql`UPDATE news SET created_at = CASE title
        WHEN 'Draft A' THEN '2026-02-01T00:00:00.123400Z'::timestamptz
        WHEN 'Draft B' THEN '2026-02-01T00:00:00.123300Z'::timestamptz
        ELSE '2026-02-01T00:00:00.123200Z'::timestamptz END`,
    );
  });
  afterAll(() => t.close());

  it('walks them one per page, each once', async () => {
    const titles: string[] = [];
    let path = '/api/news?limit=1';
    for (;;) {
      const { body } = await t.http.get(path).set(boss.auth).expect(200);
      titles.push(...body.news.map((n: { title: string }) => n.title));
      if (!body.nextCursor) break;
      path = `/api/news?limit=1&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    expect([...titles].sort()).toEqual(['Draft A', 'Draft B', 'Draft C']);
  });
});
