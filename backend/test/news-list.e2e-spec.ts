import { loginAdmin, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, TestApp } from './support/test-app';

const titles = (body: { news: Array<{ title: string }> }) =>
  body.news.map((article) => article.title);

// A suite and database of its own, so that totals are exact.
describe('news list: published only, paging, filters, full-text search', () => {
  let t2: TestApp;
  let boss: Session;
  beforeAll(async () => {
    t2 = await createTestApp();
    boss = await loginAdmin(t2.http);
    const make = (overrides: Record<string, unknown>) => createArticle(t2.http, boss, overrides);
    await make({ title: 'Ethiopian Coffee Ceremony in Toronto', category: 'culture' });
    await make({
      title: 'Youth Coding Bootcamp Opens',
      content: 'Young developers learn programming in Addis Ababa.',
      category: 'youth',
      featured: true,
    });
    await make({ title: 'Draft about budgets', published: false });
    await make({
      title: 'Annual Meeting',
      content: 'The meeting discusses the community budget.',
      category: 'announcements',
      excerpt: 'Everyone is welcome',
    });
  });
  afterAll(() => t2.close());

  it('lists published articles newest first for guests and members', async () => {
    const res = await t2.http.get('/api/news').expect(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, totalPages: 1 });
    expect(titles(res.body)).toEqual([
      'Annual Meeting',
      'Youth Coding Bootcamp Opens',
      'Ethiopian Coffee Ceremony in Toronto',
    ]);
  });

  it("carries no content on list items: the card's excerpt, or the spec's 150-character fallback", async () => {
    const long = await createArticle(t2.http, boss, {
      title: 'Long read',
      content: `${'a'.repeat(150)}${'b'.repeat(5000)}`,
    });
    try {
      const res = await t2.http.get('/api/news?search=Meeting').expect(200);
      const [item] = res.body.news;
      expect(Object.keys(item).sort()).toEqual(
        [
          '_id',
          'title',
          'excerpt',
          'image',
          'category',
          'featured',
          'published',
          'author',
          'publishedAt',
          'createdAt',
          'likes',
          'dislikes',
          'myReaction',
          'views',
        ].sort(),
      );
      expect(item.excerpt).toBe('Everyone is welcome');
      const listed = await t2.http.get('/api/news?search=Long').expect(200);
      expect(listed.body.news[0].excerpt).toBe(`${'a'.repeat(150)}...`);
      // The whole article, with its own (empty) excerpt, is the detail's.
      const detail = await t2.http.get(`/api/news/${long._id}`).expect(200);
      expect(detail.body).toMatchObject({
        content: `${'a'.repeat(150)}${'b'.repeat(5000)}`,
        excerpt: null,
        updatedAt: expect.any(String),
      });
      // Admins' lists (drafts included) have the same shape; the editor reads the detail.
      const asAdmin = await t2.http.get('/api/news?search=budgets').set(boss.auth).expect(200);
      expect(asAdmin.body.news[0]).not.toHaveProperty('content');
    } finally {
      await t2.http.delete(`/api/news/${long._id}`).set(boss.auth).expect(200);
    }
  });

  it('shows drafts to admins', async () => {
    const res = await t2.http.get('/api/news').set(boss.auth).expect(200);
    expect(res.body.total).toBe(4);
    expect(titles(res.body)).toContain('Draft about budgets');
  });

  it('pages with limit', async () => {
    const res = await t2.http.get('/api/news?limit=2&page=2').expect(200);
    expect(res.body).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(titles(res.body)).toEqual(['Ethiopian Coffee Ceremony in Toronto']);
  });

  it('filters by category and featured', async () => {
    const culture = await t2.http.get('/api/news?category=culture').expect(200);
    expect(titles(culture.body)).toEqual(['Ethiopian Coffee Ceremony in Toronto']);
    const featured = await t2.http.get('/api/news?featured=true&limit=4').expect(200);
    expect(titles(featured.body)).toEqual(['Youth Coding Bootcamp Opens']);
    // Blank filters (a form's "All" choices) filter nothing.
    const all = await t2.http.get('/api/news?category=&search=&featured=').expect(200);
    expect(all.body.total).toBe(3);
    const notFeatured = await t2.http.get('/api/news?featured=false').expect(200);
    expect(notFeatured.body.total).toBe(2);
    await t2.http.get('/api/news?category=gossip').expect(400);
    await t2.http.get('/api/news?featured=maybe').expect(400);
  });

  it('searches title, excerpt and content in full text, with stemming and prefixes', async () => {
    const byContent = await t2.http.get('/api/news?search=programming').expect(200);
    expect(titles(byContent.body)).toEqual(['Youth Coding Bootcamp Opens']);
    const stemmed = await t2.http.get('/api/news?search=ceremonies').expect(200);
    expect(titles(stemmed.body)).toEqual(['Ethiopian Coffee Ceremony in Toronto']);
    const prefix = await t2.http.get('/api/news?search=Tor').expect(200);
    expect(titles(prefix.body)).toEqual(['Ethiopian Coffee Ceremony in Toronto']);
    const excerpt = await t2.http.get('/api/news?search=welcome').expect(200);
    expect(titles(excerpt.body)).toEqual(['Annual Meeting']);
    // A draft matches "budget" too, but guests never see drafts.
    const budget = await t2.http.get('/api/news?search=budget').expect(200);
    expect(titles(budget.body)).toEqual(['Annual Meeting']);
    const nothing = await t2.http.get('/api/news?search=zzzz').expect(200);
    expect(nothing.body).toMatchObject({ news: [], total: 0, totalPages: 0 });
    const symbols = await t2.http.get(`/api/news?search=${encodeURIComponent("'&|!:*")}`);
    expect(symbols.status).toBe(200);
  });

  it('searches Amharic text too, whole words and prefixes', async () => {
    await createArticle(t2.http, boss, {
      title: 'የኢትዮጵያ ቡና ሥነ ሥርዓት',
      content: 'ባህላዊ የቡና ሥነ ሥርዓት በቶሮንቶ።',
      category: 'culture',
    });
    for (const search of ['ቡና', 'ሥርዓ']) {
      const res = await t2.http.get(`/api/news?search=${encodeURIComponent(search)}`).expect(200);
      expect(titles(res.body)).toEqual(['የኢትዮጵያ ቡና ሥነ ሥርዓት']);
    }
  });
});
