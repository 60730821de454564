import { sql } from 'drizzle-orm';
import { createEvent, dayFromNow } from './support/events';
import { appWithAdminAndMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { TestApp } from './support/test-app';

// Deleting an event or an article takes its comments, replies, reactions and views with it.
describe('deleting content removes its engagement', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    ({ t, admin, member } = await appWithAdminAndMember());
  });
  afterAll(() => t.close());

  /** Rows about this item (or about its comments) left in the engagement tables. */
  async function leftovers(id: string): Promise<number> {
    const result = await t.database.db.execute(sql`
      select (select count(*) from comments where content_id = ${id})
           + (select count(*) from reactions where target_id = ${id})
           + (select count(*) from view_counts where content_id = ${id})
           + (select count(*) from view_marks where content_id = ${id}) as n`);
    const rows = (result as unknown as { rows: Array<{ n: string | number }> }).rows;
    return Number(rows[0].n);
  }

  async function engage(typeName: string, contentType: string, id: string) {
    const comment = await t.http
      .post('/api/comments')
      .set(member.auth)
      .send({ content: 'Looking forward to it', contentType, contentId: id })
      .expect(201);
    await t.http
      .post('/api/comments')
      .set(member.auth)
      .send({ content: 'Me too', contentType, contentId: id, parentComment: comment.body._id })
      .expect(201);
    await t.http.post(`/api/reactions/${typeName}/${id}/like`).set(member.auth).expect(200);
    await t.http.post(`/api/${typeName}/${id}/view`).set(member.auth).expect(200);
  }

  it('for an event', async () => {
    const event = await createEvent(t.http, admin, { date: dayFromNow(10) });
    await engage('events', 'event', event._id);
    expect(await leftovers(event._id)).toBeGreaterThanOrEqual(4);
    await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
    expect(await leftovers(event._id)).toBe(0);
  });

  it('for a news article', async () => {
    const article = await createArticle(t.http, admin);
    await engage('news', 'news', article._id);
    expect(await leftovers(article._id)).toBeGreaterThanOrEqual(4);
    await t.http.delete(`/api/news/${article._id}`).set(admin.auth).expect(200);
    expect(await leftovers(article._id)).toBe(0);
  });
});
