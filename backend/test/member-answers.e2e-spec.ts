import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { DirectoryService } from '../src/modules/directory/directory.service';
import { UsersRepository } from '../src/modules/users/users.repository';
import { UsersService } from '../src/modules/users/users.service';
import { approvedListing } from './support/directory';
import { createEvent, dayFromNow } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { startReplicas, within } from './support/replicas';
import { TestApp } from './support/test-app';

type Item = { _id: string; [field: string]: unknown };
type Own = Record<string, unknown>;

/** `page` with `own(item)` laid over each item of its `key` list: what a member must receive. */
function withOwn(page: Record<string, unknown>, key: string, own: (item: Item) => Own) {
  const items = page[key] as Item[];
  return { ...page, [key]: items.map((item) => ({ ...item, ...own(item) })) };
}

const JSON_TYPE = 'application/json; charset=utf-8';

// Two instances of the API on one PostgreSQL and one Redis, as two replicas behind a balancer.
describe("members' own parts laid over shared pages, and remembered token checks", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let member: Session;
  let other: Session;

  beforeAll(async () => {
    [a, b] = await startReplicas('members');
    admin = await loginAdmin(a.http);
    member = await registerMember(a.http);
    other = await registerMember(a.http);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("gives a member the guest's events page with their own answers and reactions, and no one else's", async () => {
    const events = [];
    for (const day of [3, 4, 5]) {
      events.push(
        await createEvent(a.http, admin, { title: `Spliced ${day}`, date: dayFromNow(day) }),
      );
    }
    const [first, second, third] = events;
    const rsvp = (id: string, who: Session, status: string) =>
      a.http.post(`/api/events/${id}/rsvp`).set(who.auth).send({ status }).expect(200);
    const react = (id: string, who: Session, kind: string) =>
      a.http.post(`/api/reactions/events/${id}/${kind}`).set(who.auth).expect(200);
    await rsvp(first._id, member, 'going');
    await rsvp(second._id, member, 'maybe');
    await react(first._id, member, 'like');
    await react(third._id, member, 'dislike');
    await react(second._id, other, 'like');
    const expected: Record<string, Own> = {
      [first._id]: { userStatus: 'going', myReaction: 'like' },
      [second._id]: { userStatus: 'maybe', myReaction: 'none' },
      [third._id]: { userStatus: null, myReaction: 'dislike' },
    };
    const url = '/api/events?search=Spliced&limit=12';
    const guest = await b.http.get(url).expect(200);
    expect(guest.body.events).toHaveLength(3);
    for (const item of guest.body.events)
      expect(item).toMatchObject({ userStatus: null, myReaction: null });

    const mine = await b.http.get(url).set(member.auth).expect(200);
    expect(mine.headers['content-type']).toBe(JSON_TYPE);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    // Exactly the shared page, every field, with the member's own two fields per event.
    expect(mine.body).toEqual(withOwn(guest.body, 'events', (item) => expected[item._id]));
    // The same as the detail page says for each event.
    for (const event of events) {
      const detail = await b.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
      expect(expected[event._id]).toEqual({
        userStatus: detail.body.userStatus,
        myReaction: detail.body.myReaction,
      });
    }
    // Asked again (from the cached page and own part): the same text.
    const again = await b.http.get(url).set(member.auth).expect(200);
    expect(again.text).toBe(mine.text);

    const theirs = await b.http.get(url).set(other.auth).expect(200);
    expect(theirs.body).toEqual(
      withOwn(guest.body, 'events', (item) => ({
        userStatus: null,
        myReaction: item._id === second._id ? 'like' : 'none',
      })),
    );
    // A guest after both members: still nobody's own fields, replayed or not.
    for (let i = 0; i < 2; i++) {
      const later = await b.http.get(url).expect(200);
      expect(later.body).toEqual(guest.body);
      expect(later.text).not.toContain(member.user._id);
    }
  });

  it('shows a member their own RSVP and reaction at once after they change them', async () => {
    const event = await createEvent(a.http, admin, { title: 'Changing', date: dayFromNow(6) });
    const url = '/api/events?search=Changing';
    const pick = (res: { body: { events: Item[] } }) => res.body.events[0];
    expect(pick(await b.http.get(url).set(member.auth).expect(200))).toMatchObject({
      userStatus: null,
      myReaction: 'none',
    });
    await a.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
    // On the replica that took the write, at once.
    expect(pick(await a.http.get(url).set(member.auth).expect(200))).toMatchObject({
      userStatus: 'going',
      goingCount: 1,
    });
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    expect(pick(await a.http.get(url).set(member.auth).expect(200))).toMatchObject({
      userStatus: 'going',
      myReaction: 'like',
      likes: 1,
    });
    // On the other replica within 1 s.
    await within(
      1000,
      () => b.http.get(url).set(member.auth),
      (res) => pick(res).myReaction === 'like' && pick(res).userStatus === 'going',
    );
  });

  it('gives each member their own ETag: 304 on their own, 200 on another member or after a write', async () => {
    const event = await createEvent(a.http, admin, { title: 'Tagged', date: dayFromNow(7) });
    await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
    const url = '/api/events?search=Tagged';
    const mine = await a.http.get(url).set(member.auth).expect(200);
    const theirs = await a.http.get(url).set(other.auth).expect(200);
    const guest = await a.http.get(url).expect(200);
    expect(new Set([mine.headers.etag, theirs.headers.etag, guest.headers.etag]).size).toBe(3);
    expect(mine.headers.etag).toMatch(/^W\/".+"$/);
    // Each replica writes the same text for the same member, so the ETag holds across them.
    const onB = await b.http.get(url).set(member.auth).expect(200);
    expect(onB.headers.etag).toBe(mine.headers.etag);
    const same = await b.http.get(url).set(member.auth).set('If-None-Match', mine.headers.etag);
    expect(same.status).toBe(304);
    expect(same.text ?? '').toBe('');
    // Another member holding this member's ETag gets their own answer.
    const notTheirs = await a.http.get(url).set(other.auth).set('If-None-Match', mine.headers.etag);
    expect(notTheirs.status).toBe(200);
    expect(notTheirs.body.events[0].myReaction).toBe('none');
    // Compressed like any other answer, the same JSON.
    const zipped = await a.http
      .get(url)
      .set(member.auth)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(zipped.body).toEqual(mine.body);
    // The member's own change makes a new text and a new ETag.
    await a.http.post(`/api/reactions/events/${event._id}/dislike`).set(member.auth).expect(200);
    const changed = await a.http.get(url).set(member.auth).set('If-None-Match', mine.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.body.events[0].myReaction).toBe('dislike');
    expect(changed.headers.etag).not.toBe(mine.headers.etag);
  });

  it("gives a member the news page with their own reactions, and an admin's drafts only to admins", async () => {
    const liked = await createArticle(a.http, admin, { title: 'Spliced news one' });
    const plain = await createArticle(a.http, admin, { title: 'Spliced news two' });
    const draft = await createArticle(a.http, admin, {
      title: 'Spliced news draft',
      published: false,
    });
    await a.http.post(`/api/reactions/news/${liked._id}/like`).set(member.auth).expect(200);
    await a.http.post(`/api/reactions/news/${plain._id}/dislike`).set(admin.auth).expect(200);
    const url = '/api/news?search=Spliced';
    const guest = await b.http.get(url).expect(200);
    expect(guest.body.news.map((n: Item) => n._id).sort()).toEqual([liked._id, plain._id].sort());
    const mine = await b.http.get(url).set(member.auth).expect(200);
    expect(mine.headers['content-type']).toBe(JSON_TYPE);
    expect(mine.body).toEqual(
      withOwn(guest.body, 'news', (item) => ({
        myReaction: item._id === liked._id ? 'like' : 'none',
      })),
    );
    const asAdmin = await b.http.get(url).set(admin.auth).expect(200);
    const byId = new Map((asAdmin.body.news as Item[]).map((n) => [n._id, n]));
    expect(byId.get(draft._id)).toMatchObject({ published: false, myReaction: 'none' });
    expect(byId.get(plain._id)).toMatchObject({ myReaction: 'dislike' });
    expect(
      JSON.stringify(
        await b.http
          .get(url)
          .set(member.auth)
          .then((r) => r.body),
      ),
    ).not.toContain(draft._id);
  });

  it('gives each member the directory page with their own reactions', async () => {
    const tag = `splice${randomBytes(3).toString('hex')}`;
    const one = await approvedListing(a.http, other, admin, { name: `${tag} one` });
    const two = await approvedListing(a.http, other, admin, { name: `${tag} two` });
    await a.http.post(`/api/reactions/directory/${one._id}/like`).set(member.auth).expect(200);
    await a.http.post(`/api/reactions/directory/${two._id}/dislike`).set(other.auth).expect(200);
    const url = `/api/directory?search=${tag}`;
    const mine = await b.http.get(url).set(member.auth).expect(200);
    const theirs = await b.http.get(url).set(other.auth).expect(200);
    expect(mine.headers['content-type']).toBe(JSON_TYPE);
    // The page as the service builds it for every member (no one's reaction), as JSON.
    const shared = JSON.parse(
      JSON.stringify(await b.app.get(DirectoryService).list({ search: tag })),
    ) as Record<string, unknown>;
    expect((shared.listings as Item[]).map((l) => l._id).sort()).toEqual([one._id, two._id].sort());
    const own = (likes: Record<string, string>) => (item: Item) => ({
      myReaction: likes[item._id] ?? 'none',
    });
    expect(mine.body).toEqual(withOwn(shared, 'listings', own({ [one._id]: 'like' })));
    expect(theirs.body).toEqual(withOwn(shared, 'listings', own({ [two._id]: 'dislike' })));
    expect(mine.headers.etag).not.toBe(theirs.headers.etag);
    await b.http.get(url).set(member.auth).set('If-None-Match', mine.headers.etag).expect(304);
    // Guests get no directory at all.
    await b.http.get(url).expect(401);
  });

  describe('remembered token checks never outlive the account state', () => {
    const members = '/api/directory';
    const ownReaction = async (t: TestApp, session: Session, eventId: string) => {
      const res = await t.http.get('/api/events?search=Token').set(session.auth).expect(200);
      return (res.body.events as Item[]).find((e) => e._id === eventId)?.myReaction;
    };
    let event: Item;

    beforeAll(async () => {
      event = await createEvent(a.http, admin, { title: 'Token check', date: dayFromNow(9) });
    });

    it('refuses a token signed out everywhere, on both replicas, at once', async () => {
      const session = await registerMember(a.http);
      await a.http.post(`/api/reactions/events/${event._id}/like`).set(session.auth).expect(200);
      // Checked (and remembered) on both replicas first.
      for (const t of [a, b]) {
        await t.http.get(members).set(session.auth).expect(200);
        expect(await ownReaction(t, session, event._id)).toBe('like');
      }
      await a.http.post('/api/auth/sign-out-everywhere').set(session.auth).expect(204);
      await a.http.get(members).set(session.auth).expect(401);
      await within(
        1000,
        () => b.http.get(members).set(session.auth),
        (res) => res.status === 401,
      );
      // On a public list the old token is a guest's: no own fields.
      expect(await ownReaction(b, session, event._id)).toBeNull();
    });

    it('checks a crowd of members after a write in a few lookups, each as their own account', async () => {
      const crowd = await Promise.all(Array.from({ length: 12 }, () => registerMember(a.http)));
      const blocked = crowd[11];
      await a.http.put(`/api/users/${blocked.user._id}/block`).set(admin.auth).expect(200);
      // A write clears every remembered check: the crowd's next requests all look their account up.
      await a.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
      const answers = await Promise.all(
        crowd.map((session) => a.http.get('/api/auth/me').set(session.auth)),
      );
      expect(answers.slice(0, 11).map((res) => [res.status, res.body.email])).toEqual(
        crowd.slice(0, 11).map((session) => [200, session.user.email]),
      );
      expect(answers[11].status).toBe(401);
      // Lookups that arrive while one runs go together in the next (an unknown account is none).
      const lookups = jest.spyOn(a.app.get(UsersRepository), 'findSessions');
      try {
        const ids = [...crowd.map((session) => session.user._id), randomUUID()];
        const found = await Promise.all(ids.map((id) => a.app.get(UsersService).findSession(id)));
        expect(found.map((row) => row?.id)).toEqual([...ids.slice(0, 12), undefined]);
        expect(found[11]?.blockedAt).toBeInstanceOf(Date);
        expect(lookups.mock.calls.map(([asked]) => asked.length)).toEqual([1, 12]);
      } finally {
        lookups.mockRestore();
      }
    });

    it('refuses the old token after a password change, and takes the new one', async () => {
      const session = await registerMember(a.http);
      await b.http.get(members).set(session.auth).expect(200);
      const changed = await a.http
        .post('/api/auth/change-password')
        .set(session.auth)
        .send({ currentPassword: 'secret-123', newPassword: 'a-much-longer-passphrase-42' })
        .expect(200);
      await within(
        1000,
        () => b.http.get(members).set(session.auth),
        (res) => res.status === 401,
      );
      await b.http
        .get(members)
        .set({ Authorization: `Bearer ${changed.body.token}` })
        .expect(200);
    });

    it('follows a role change, a block and a deletion at once', async () => {
      const session = await registerMember(a.http);
      await b.http.get('/api/users').set(session.auth).expect(403);
      await a.http
        .put(`/api/users/${session.user._id}/role`)
        .set(admin.auth)
        .send({ role: 'admin' })
        .expect(200);
      await within(
        1000,
        () => b.http.get('/api/users').set(session.auth),
        (r) => r.status === 200,
      );
      await a.http
        .put(`/api/users/${session.user._id}/role`)
        .set(admin.auth)
        .send({ role: 'member' })
        .expect(200);
      await within(
        1000,
        () => b.http.get('/api/users').set(session.auth),
        (r) => r.status === 403,
      );
      await b.http.get(members).set(session.auth).expect(200);

      await a.http.put(`/api/users/${session.user._id}/block`).set(admin.auth).expect(200);
      const blocked = await within(
        1000,
        () => b.http.get(members).set(session.auth),
        (r) => r.status === 401,
      );
      expect(blocked.value.body.code).toBe('ACCOUNT_BLOCKED');
      await a.http.put(`/api/users/${session.user._id}/unblock`).set(admin.auth).expect(200);
      // A block ends the tokens of its time (a version bump): a new sign-in is needed.
      const again = await a.http
        .post('/api/auth/login')
        .send({ email: session.user.email, password: 'secret-123' })
        .expect(200);
      const fresh = { Authorization: `Bearer ${again.body.token}` };
      await b.http.get(members).set(fresh).expect(200);
      await a.http.delete('/api/users/me').set(fresh).send({ password: 'secret-123' }).expect(200);
      await within(
        1000,
        () => b.http.get(members).set(fresh),
        (r) => r.status === 401,
      );
    });

    it("ends a remembered token at its own expiry, and never takes another token's check", async () => {
      const session = await registerMember(a.http);
      const jwt = a.app.get(JwtService);
      const short = jwt.sign({ sub: session.user._id, ver: 0 }, { expiresIn: 2 });
      const auth = { Authorization: `Bearer ${short}` };
      await a.http.get(members).set(auth).expect(200);
      await a.http.get(members).set(auth).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await a.http.get(members).set(auth).expect(401);
      // The same claims, another signature or another key: refused though the real one is known.
      await a.http.get(members).set(session.auth).expect(200);
      const [head, body, signature] = session.token.split('.');
      const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      const forged = [head, body, flipped].join('.');
      await a.http
        .get(members)
        .set({ Authorization: `Bearer ${forged}` })
        .expect(401);
      const otherKey = jwt.sign(
        { sub: session.user._id, ver: 0 },
        { secret: 'another-secret-that-is-long-enough-0123456789' },
      );
      await a.http
        .get(members)
        .set({ Authorization: `Bearer ${otherKey}` })
        .expect(401);
      // Any case of the scheme, as before; a token alone is not a bearer header.
      await a.http
        .get(members)
        .set({ Authorization: `bearer ${session.token}` })
        .expect(200);
      await a.http.get(members).set({ Authorization: session.token }).expect(401);
    });
  });
});
