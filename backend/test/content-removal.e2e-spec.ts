import { sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { CommentsRepository } from '../src/modules/comments/comments.repository';
import { ReactionsRepository } from '../src/modules/reactions/reactions.repository';
import { ViewsRepository } from '../src/modules/views/views.repository';
import { DirectoryRepository } from '../src/modules/directory/directory.repository';
import { approvedListing } from './support/directory';
import { createEvent, dayFromNow } from './support/events';
import { appWithAdminAndMember, registerMember, Session } from './support/factories';
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

  it('for a directory listing', async () => {
    const listing = await approvedListing(t.http, member, admin);
    await engage('directory', 'directory', listing._id);
    expect(await leftovers(listing._id)).toBeGreaterThanOrEqual(4);
    await t.http.delete(`/api/directory/${listing._id}`).set(member.auth).expect(200);
    expect(await leftovers(listing._id)).toBe(0);
  });

  it('in one transaction with the item: a failed clean-up keeps the item and all of it', async () => {
    const article = await createArticle(t.http, admin);
    await engage('news', 'news', article._id);
    const before = await leftovers(article._id);
    // A crash half-way through the clean-up (the views' part fails).
    const views = t.app.get(ViewsRepository);
    const failing = jest
      .spyOn(views, 'removeFor')
      .mockRejectedValueOnce(new Error('connection lost'));
    try {
      await t.http.delete(`/api/news/${article._id}`).set(admin.auth).expect(500);
    } finally {
      failing.mockRestore();
    }
    await t.http.get(`/api/news/${article._id}`).set(member.auth).expect(200);
    expect(await leftovers(article._id)).toBe(before);
    // Deleting again finishes the job.
    await t.http.delete(`/api/news/${article._id}`).set(admin.auth).expect(200);
    expect(await leftovers(article._id)).toBe(0);
  });

  describe('an engagement written while its item is deleted leaves nothing behind', () => {
    /**
     * Holds `method` of a repository after its checks passed, until released: the write is under
     * way (its item found) when the deletion starts.
     */
    function holdWrite<T extends object>(repository: T, method: keyof T & string) {
      let entered!: () => void;
      let release!: () => void;
      const started = new Promise<void>((resolve) => (entered = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const original = (repository[method] as (...args: unknown[]) => Promise<unknown>).bind(
        repository,
      );
      const spy = jest.spyOn(repository, method as never).mockImplementationOnce((async (
        ...args: unknown[]
      ) => {
        entered();
        await gate;
        return original(...args);
      }) as never);
      return { started, release, restore: () => spy.mockRestore() };
    }

    async function raceWithDeletion(
      write: () => Promise<Response>,
      hold: ReturnType<typeof holdWrite>,
      id: string,
    ) {
      try {
        const writing = write();
        await hold.started;
        const deleting = t.http
          .delete(`/api/news/${id}`)
          .set(admin.auth)
          .then((res) => res);
        // Long enough for the deletion to finish, were it not held off by the write under way.
        await new Promise((resolve) => setTimeout(resolve, 400));
        hold.release();
        const [written, deleted] = await Promise.all([writing, deleting]);
        expect(deleted.status).toBe(200);
        expect([201, 200]).toContain(written.status);
      } finally {
        hold.restore();
      }
      expect(await leftovers(id)).toBe(0);
    }

    it('a comment', async () => {
      const article = await createArticle(t.http, admin);
      const hold = holdWrite(t.app.get(CommentsRepository), 'create');
      await raceWithDeletion(
        () =>
          t.http
            .post('/api/comments')
            .set(member.auth)
            .send({ content: 'Just in time', contentType: 'news', contentId: article._id })
            .then((res) => res),
        hold,
        article._id,
      );
    });

    it('a reaction', async () => {
      const article = await createArticle(t.http, admin);
      const hold = holdWrite(t.app.get(ReactionsRepository), 'toggle');
      await raceWithDeletion(
        () =>
          t.http
            .post(`/api/reactions/news/${article._id}/like`)
            .set(member.auth)
            .then((res) => res),
        hold,
        article._id,
      );
    });

    it("an account's deletion beside an admin's deletion of one of its listings: both go through", async () => {
      // The two take the listing's row and its engagement lock: in opposite orders they deadlock.
      const owner = await registerMember(t.http, {}, { verified: true });
      const listing = await approvedListing(t.http, owner, admin);
      const hold = holdWrite(t.app.get(DirectoryRepository), 'delete');
      try {
        const byAdmin = t.http
          .delete(`/api/directory/${listing._id}`)
          .set(admin.auth)
          .then((res) => res);
        await hold.started;
        const byOwner = t.http
          .delete('/api/users/me')
          .set(owner.auth)
          .send({ password: 'secret-123' })
          .then((res) => res);
        // Long enough for the account's deletion to reach the listing.
        await new Promise((resolve) => setTimeout(resolve, 400));
        hold.release();
        const [adminAnswer, ownerAnswer] = await Promise.all([byAdmin, byOwner]);
        expect(adminAnswer.status).toBe(200);
        expect(ownerAnswer.status).toBe(200);
      } finally {
        hold.restore();
      }
      expect(await leftovers(listing._id)).toBe(0);
    });

    it('a view', async () => {
      const article = await createArticle(t.http, admin);
      const hold = holdWrite(t.app.get(ViewsRepository), 'record');
      await raceWithDeletion(
        () =>
          t.http
            .post(`/api/news/${article._id}/view`)
            .set(member.auth)
            .then((res) => res),
        hold,
        article._id,
      );
    });
  });
});
