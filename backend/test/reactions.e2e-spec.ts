import { randomUUID } from 'node:crypto';
import { ContentRegistry } from '../src/common/content/content-registry';
import { ReactionsService } from '../src/modules/reactions/reactions.service';
import { registerMember, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

describe('reactions: one per member and item, toggled, race-safe', () => {
  let t: TestApp;
  let member: Session;
  // A stand-in content source, so this suite does not depend on any one content module.
  const items = new Set<string>();
  const item = () => {
    const id = randomUUID();
    items.add(id);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(ContentRegistry).register('directory', { exists: async (id) => items.has(id) });
    member = await registerMember(t.http);
  });
  afterAll(() => t.close());

  it('gives guests the counts and userReaction none', async () => {
    const id = item();
    const res = await t.http.get(`/api/reactions/directory/${id}`).expect(200);
    expect(res.body).toEqual({ likes: 0, dislikes: 0, userReaction: 'none' });
  });

  it('refuses guests who react with 401', async () => {
    const res = await t.http.post(`/api/reactions/directory/${item()}/like`).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, msg: expect.any(String) });
  });

  it('likes, likes again to remove, switches to dislike, and reports my reaction', async () => {
    const id = item();
    const url = `/api/reactions/directory/${id}`;
    const liked = await t.http.post(`${url}/like`).set(member.auth).expect(200);
    expect(liked.body).toEqual({ likes: 1, dislikes: 0, userReaction: 'like' });
    const mine = await t.http.get(url).set(member.auth).expect(200);
    expect(mine.body.userReaction).toBe('like');
    const asGuest = await t.http.get(url).expect(200);
    expect(asGuest.body).toEqual({ likes: 1, dislikes: 0, userReaction: 'none' });
    const removed = await t.http.post(`${url}/like`).set(member.auth).expect(200);
    expect(removed.body).toEqual({ likes: 0, dislikes: 0, userReaction: 'none' });
    await t.http.post(`${url}/like`).set(member.auth).expect(200);
    const switched = await t.http.post(`${url}/dislike`).set(member.auth).expect(200);
    expect(switched.body).toEqual({ likes: 0, dislikes: 1, userReaction: 'dislike' });
  });

  it('answers an unknown type with 400 and an unknown or malformed id with 404', async () => {
    const bad = await t.http.post(`/api/reactions/posts/${item()}/like`).set(member.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'contentType', msg: expect.any(String), code: 'NOT_ALLOWED' },
    ]);
    await t.http.get(`/api/reactions/directory/${randomUUID()}`).expect(404);
    await t.http.post('/api/reactions/directory/not-a-uuid/like').set(member.auth).expect(404);
  });

  it('never double-counts one member clicking many times at once', async () => {
    const id = item();
    const members = await Promise.all(Array.from({ length: 8 }, () => registerMember(t.http)));
    const clicks = members.flatMap((m) =>
      Array.from({ length: 5 }, () =>
        t.http.post(`/api/reactions/directory/${id}/like`).set(m.auth),
      ),
    );
    expect((await Promise.all(clicks)).every((res) => res.status === 200)).toBe(true);
    const counts = (await t.app.get(ReactionsService).counts('directory', [id])).get(id);
    // Whatever order the toggles ran in, each member holds at most one reaction.
    expect(counts?.likes).toBeLessThanOrEqual(members.length);
    await Promise.all(
      members.map((m) => t.http.post(`/api/reactions/directory/${id}/dislike`).set(m.auth)),
    );
    const final = await t.http.get(`/api/reactions/directory/${id}`).expect(200);
    // A dislike switches a like and adds to nothing: every member now dislikes, once.
    expect(final.body).toEqual({ likes: 0, dislikes: members.length, userReaction: 'none' });
  });

  it('counts every member once when all like at the same moment', async () => {
    const id = item();
    const members = await Promise.all(Array.from({ length: 25 }, () => registerMember(t.http)));
    const results = await Promise.all(
      members.map((m) => t.http.post(`/api/reactions/directory/${id}/like`).set(m.auth)),
    );
    expect(results.every((res) => res.status === 200)).toBe(true);
    const res = await t.http.get(`/api/reactions/directory/${id}`).expect(200);
    expect(res.body).toEqual({ likes: 25, dislikes: 0, userReaction: 'none' });
  });

  it("counts() gives other modules the counts of each item and the caller's own reaction", async () => {
    const [a, b] = [item(), item()];
    await t.http.post(`/api/reactions/directory/${a}/like`).set(member.auth).expect(200);
    await t.http.post(`/api/reactions/directory/${b}/dislike`).set(member.auth).expect(200);
    const ids = [a, b, randomUUID()];
    const service = t.app.get(ReactionsService);
    const mine = await service.counts('directory', ids, member.user._id);
    expect(mine.get(a)).toEqual({ likes: 1, dislikes: 0, myReaction: 'like' });
    expect(mine.get(b)).toEqual({ likes: 0, dislikes: 1, myReaction: 'dislike' });
    expect(mine.get(ids[2])).toEqual({ likes: 0, dislikes: 0, myReaction: 'none' });
    // A guest has no reaction of their own: null, never another member's.
    const guest = await service.counts('directory', ids);
    expect(guest.get(a)).toEqual({ likes: 1, dislikes: 0, myReaction: null });
    expect(guest.size).toBe(3);
  });
});
