import { sql } from 'drizzle-orm';
import { createEvent, dayFromNow, eventForm, withFields } from './support/events';
import { submitListing } from './support/directory';
import {
  appWithMail,
  closeWithMail,
  loginAdmin,
  registerMember,
  Session,
} from './support/factories';
import { listening, openNotificationStream } from './support/notifications';
import { enroll } from './support/tutorials';
import { decodedOf, ReceivedMail, SmtpSink, subjectOf, textOf } from './support/smtp-sink';
import type { TestApp } from './support/test-app';
import { startReplicas, within } from './support/replicas';
import { NotificationsLive } from '../src/modules/notifications/notifications.live';
import { NotificationsDigest } from '../src/modules/notifications/notifications.digest';
import { Clock } from '../src/modules/reminders/clock';
import { RemindersService } from '../src/modules/reminders/reminders.service';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Notification {
  _id: string;
  kind: string;
  link: string | null;
  targetGone: boolean;
  data: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

/** The message's headers, unfolded, by lower-cased name. */
function headersOf(mail: ReceivedMail): Map<string, string> {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Notifications: one per kind, written with the change, listed, read, preferred, unsubscribed. */
describe('notifications', () => {
  const smtp = new SmtpSink();
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
  });
  afterAll(() => closeWithMail(t, smtp));
  afterEach(() => jest.restoreAllMocks());

  const listOf = async (member: Session, query = '') =>
    (await t.http.get(`/api/notifications${query}`).set(member.auth).expect(200)).body as {
      notifications: Notification[];
      total: number;
      page: number;
      totalPages: number;
      unread: number;
    };
  const comment = async (member: Session, eventId: string, content: string, parent?: string) =>
    (
      await t.http
        .post('/api/comments')
        .set(member.auth)
        .send({
          content,
          contentType: 'events',
          contentId: eventId,
          ...(parent ? { parentComment: parent } : {}),
        })
        .expect(201)
    ).body as { _id: string };
  const rsvp = (member: Session, eventId: string, status: string) =>
    t.http.post(`/api/events/${eventId}/rsvp`).set(member.auth).send({ status }).expect(200);
  const mailsTo = (email: string, subject: string) =>
    smtp.messages.filter((mail) => mail.to.includes(email) && subjectOf(mail).startsWith(subject));

  describe('a reply to my comment', () => {
    let event: { _id: string };
    let author: Session;
    let replier: Session;

    beforeAll(async () => {
      event = await createEvent(t.http, admin, { title: 'Reply Evening' });
      author = await registerMember(t.http, { name: 'Hanna Author' });
      replier = await registerMember(t.http, { name: 'Dawit Replier' });
    });

    it('tells the author (not the replier), links to the item, and emails with one-click unsubscribe', async () => {
      const mine = await comment(author, event._id, 'Who is coming from Toronto?');
      await comment(author, event._id, 'Me, myself', mine._id); // my own reply tells nobody
      await comment(replier, event._id, 'I am!', mine._id);

      const list = await listOf(author);
      expect(list.unread).toBe(1);
      expect(list.notifications).toHaveLength(1);
      expect(list.notifications[0]).toMatchObject({
        kind: 'comment_reply',
        link: `/events/${event._id}`,
        targetGone: false,
        read: false,
        data: { actorName: 'Dawit Replier', title: 'Reply Evening', excerpt: 'I am!' },
      });
      expect((await listOf(replier)).total).toBe(0);
      await t.http
        .get('/api/notifications/unread-count')
        .set(author.auth)
        .expect(200, { unread: 1 });

      // The email: List-Unsubscribe (https or the site's own origin) with One-Click, and the footer.
      const mail = await smtp.waitForSubject(author.user.email, 'Dawit Replier replied');
      const headers = headersOf(mail);
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const link = /^<([^>]+)>$/.exec(headers.get('list-unsubscribe') ?? '')?.[1];
      expect(link).toMatch(
        new RegExp(`^${t.config.publicUrl}/api/notifications/unsubscribe\\?token=`),
      );
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(
        `${t.config.publicUrl}/notifications/preferences`,
      );

      // A browser opening it changes nothing; the mail client's POST (RFC 8058) turns it off.
      const url = new URL(link as string);
      await t.http.get(`${url.pathname}${url.search}`).expect(302);
      await t.http
        .post(`${url.pathname}${url.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200, { msg: 'You will no longer receive these emails', kind: 'comment_reply' });
      const preferences = (
        await t.http.get('/api/notifications/preferences').set(author.auth).expect(200)
      ).body as { preferences: Array<{ kind: string; email: string; inPage: boolean }> };
      expect(preferences.preferences.find((p) => p.kind === 'comment_reply')).toMatchObject({
        email: 'never',
        inPage: true,
      });

      // The next reply is in the page, but no email comes.
      await comment(replier, event._id, 'See you there', mine._id);
      await pause(1500);
      expect(mailsTo(author.user.email, 'Dawit Replier replied')).toHaveLength(1);
      expect((await listOf(author)).unread).toBe(2);
    });

    it('refuses a forged or altered unsubscribe link with a named code', async () => {
      const res = await t.http
        .post('/api/notifications/unsubscribe?token=abc.def')
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(400);
      expect(res.body).toMatchObject({ code: 'UNSUBSCRIBE_LINK_INVALID' });
      await t.http.post('/api/notifications/unsubscribe').expect(400);
    });

    it('says the reply is gone once it was deleted, with no link', async () => {
      const other = await registerMember(t.http);
      const mine = await comment(other, event._id, 'Parking nearby?');
      const reply = await comment(replier, event._id, 'Yes, behind the hall', mine._id);
      await t.http.delete(`/api/comments/${reply._id}`).set(replier.auth).expect(200);
      const [notice] = (await listOf(other)).notifications;
      expect(notice).toMatchObject({ kind: 'comment_reply', targetGone: true, link: null });
    });
  });

  describe('listings, enrolments, the waitlist and events', () => {
    it('my listing approved, and rejected with the reason', async () => {
      const owner = await registerMember(t.http);
      const good = await submitListing(t.http, owner, { name: 'Abyssinia Bakery' });
      const bad = await submitListing(t.http, owner, { name: 'Unclear Shop' });
      await t.http
        .put(`/api/directory/admin/${good._id}/approve`)
        .set(admin.auth)
        .send({})
        .expect(200);
      await t.http
        .put(`/api/directory/admin/${bad._id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Please add a verifiable address.' })
        .expect(200);
      const { notifications } = await listOf(owner);
      expect(notifications.map((n) => n.kind)).toEqual(['listing_rejected', 'listing_approved']);
      expect(notifications[0]).toMatchObject({
        link: `/directory/${bad._id}`,
        data: { title: 'Unclear Shop', reason: 'Please add a verifiable address.' },
      });
      const approvedMail = await smtp.waitForSubject(owner.user.email, 'Your listing is approved');
      expect(headersOf(approvedMail).get('list-unsubscribe-post')).toBe(
        'List-Unsubscribe=One-Click',
      );
    });

    it('a failed decision (a stale form) notifies nobody', async () => {
      const owner = await registerMember(t.http);
      const listing = await submitListing(t.http, owner, { name: 'Stale Form Cafe' });
      await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .send({ updatedAt: '2001-01-01T00:00:00.000Z' })
        .expect(409);
      expect((await listOf(owner)).total).toBe(0);
    });

    it("my enrolment's status changed", async () => {
      const student = await registerMember(t.http);
      const enrolment = await enroll(t.http, student);
      await t.http
        .put(`/api/tutorials/enrollments/${enrolment._id}/status`)
        .set(admin.auth)
        .send({ status: 'rejected', rejectionReason: 'The class is full this term.' })
        .expect(200);
      const [notice] = (await listOf(student)).notifications;
      expect(notice).toMatchObject({
        kind: 'enrollment_status',
        link: '/tutorials',
        data: { status: 'rejected', reason: 'The class is full this term.' },
      });
    });

    it('moved from the waitlist to going', async () => {
      const event = await createEvent(t.http, admin, { title: 'Small Room', maxAttendees: 1 });
      const first = await registerMember(t.http);
      const second = await registerMember(t.http);
      await rsvp(first, event._id, 'going');
      await rsvp(second, event._id, 'going'); // waitlisted
      expect((await listOf(second)).total).toBe(0);
      await rsvp(first, event._id, 'not going');
      const [notice] = (await listOf(second)).notifications;
      expect(notice).toMatchObject({
        kind: 'waitlist_promoted',
        link: `/events/${event._id}`,
        data: { title: 'Small Room', timeZone: 'America/Toronto' },
      });
    });

    it('an event I am going to changed time or place, then was deleted', async () => {
      const event = await createEvent(t.http, admin, { title: 'Moving Dinner' });
      const goer = await registerMember(t.http);
      const maybe = await registerMember(t.http);
      await rsvp(goer, event._id, 'going');
      await rsvp(maybe, event._id, 'maybe');
      const edit = (fields: Parameters<typeof eventForm>[0]) =>
        withFields(
          t.http.put(`/api/events/${event._id}`).set(admin.auth),
          eventForm(fields),
        ).expect(200);
      // A new description alone tells nobody.
      await edit({ title: 'Moving Dinner', description: 'Now with dessert.' });
      expect((await listOf(goer)).total).toBe(0);
      await edit({ title: 'Moving Dinner', time: '20:00', date: dayFromNow(12) });
      const [notice] = (await listOf(goer)).notifications;
      expect(notice).toMatchObject({ kind: 'event_changed', link: `/events/${event._id}` });
      expect(notice.data.startsAt).toBe(
        (await t.http.get(`/api/events/${event._id}`).expect(200)).body.startsAt,
      );
      expect((await listOf(maybe)).total).toBe(0);
      const mail = await smtp.waitForSubject(goer.user.email, 'Changed: Moving Dinner');
      expect(headersOf(mail).has('list-unsubscribe')).toBe(true);

      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
      expect((await listOf(goer)).notifications[0]).toMatchObject({
        targetGone: true,
        link: null,
      });
    });

    it('an event I am going to was cancelled: transactional, its email cannot be turned off', async () => {
      const event = await createEvent(t.http, admin, { title: 'Called Off' });
      const goer = await registerMember(t.http);
      await rsvp(goer, event._id, 'going');
      const refused = await t.http
        .put('/api/notifications/preferences')
        .set(goer.auth)
        .send({ preferences: [{ kind: 'event_cancelled', inPage: true, email: 'never' }] })
        .expect(400);
      expect(refused.body.errors).toEqual([
        expect.objectContaining({ field: 'preferences', code: 'NOT_ALLOWED' }),
      ]);
      await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
      const [notice] = (await listOf(goer)).notifications;
      expect(notice).toMatchObject({
        kind: 'event_cancelled',
        data: { title: 'Called Off', refunded: false },
      });
      const mail = await smtp.waitForSubject(goer.user.email, 'Cancelled: Called Off');
      expect(headersOf(mail).has('list-unsubscribe')).toBe(false);
      const { preferences } = (
        await t.http.get('/api/notifications/preferences').set(goer.auth).expect(200)
      ).body as { preferences: Array<{ kind: string; emailLocked: boolean }> };
      expect(preferences.find((p) => p.kind === 'event_cancelled')?.emailLocked).toBe(true);
    });

    it('a reminder', async () => {
      const event = await createEvent(t.http, admin, { title: 'Remind Me', date: dayFromNow(5) });
      const goer = await registerMember(t.http);
      await rsvp(goer, event._id, 'going');
      const startsAt = new Date(event.startsAt as string);
      jest
        .spyOn(t.app.get(Clock), 'now')
        .mockImplementation(() => new Date(startsAt.getTime() - 23 * 60 * 60 * 1000));
      await t.app.get(RemindersService).sweep();
      const [notice] = (await listOf(goer)).notifications;
      expect(notice).toMatchObject({
        kind: 'event_reminder',
        link: `/events/${event._id}`,
        data: { title: 'Remind Me' },
      });
    });
  });

  describe('the list, reading and preferences', () => {
    it('pages newest first, marks one and all read, and keeps others out', async () => {
      const owner = await registerMember(t.http);
      const stranger = await registerMember(t.http);
      for (const name of ['One', 'Two', 'Three']) {
        const listing = await submitListing(t.http, owner, { name: `Shop ${name}` });
        await t.http
          .put(`/api/directory/admin/${listing._id}/approve`)
          .set(admin.auth)
          .send({})
          .expect(200);
      }
      const first = await listOf(owner, '?limit=2');
      expect(first).toMatchObject({ total: 3, page: 1, totalPages: 2, unread: 3 });
      expect(first.notifications.map((n) => n.data.title)).toEqual(['Shop Three', 'Shop Two']);
      const second = await listOf(owner, '?limit=2&page=2');
      expect(second.notifications.map((n) => n.data.title)).toEqual(['Shop One']);

      const one = first.notifications[0]._id;
      await t.http.post(`/api/notifications/${one}/read`).set(stranger.auth).expect(404);
      await t.http
        .post(`/api/notifications/${one}/read`)
        .set(owner.auth)
        .expect(200, { unread: 2 });
      expect((await listOf(owner)).notifications[0].read).toBe(true);
      await t.http.post('/api/notifications/not-an-id/read').set(owner.auth).expect(404);
      await t.http.post('/api/notifications/read-all').set(owner.auth).expect(200, { unread: 0 });
      expect((await listOf(owner)).notifications.every((n) => n.read)).toBe(true);
      await t.http.get('/api/notifications').expect(401);
      const bad = await t.http.get('/api/notifications?limit=0').set(owner.auth).expect(400);
      expect(bad.body.msg).toBeTruthy();
    });

    it('a kind off in the page is not listed; a daily email is not sent at once', async () => {
      const owner = await registerMember(t.http);
      await t.http
        .put('/api/notifications/preferences')
        .set(owner.auth)
        .send({
          preferences: [
            { kind: 'listing_approved', inPage: false, email: 'daily' },
            { kind: 'listing_rejected', inPage: true, email: 'never' },
          ],
        })
        .expect(200);
      const a = await submitListing(t.http, owner, { name: 'Quiet Approved' });
      const b = await submitListing(t.http, owner, { name: 'Quiet Rejected' });
      await t.http
        .put(`/api/directory/admin/${a._id}/approve`)
        .set(admin.auth)
        .send({})
        .expect(200);
      await t.http
        .put(`/api/directory/admin/${b._id}/reject`)
        .set(admin.auth)
        .send({ reason: 'No.' })
        .expect(200);
      const list = await listOf(owner);
      expect(list.notifications.map((n) => n.kind)).toEqual(['listing_rejected']);
      expect(list.unread).toBe(1);
      await pause(1500);
      expect(mailsTo(owner.user.email, 'Your listing')).toHaveLength(0);
    });

    it("sends the daily digest once, at 06:00 in the member's time zone and language, with a one-click link that stops it", async () => {
      const owner = await registerMember(t.http);
      await t.http
        .put('/api/users/me/language')
        .set(owner.auth)
        .send({ language: 'am' })
        .expect(200);
      await t.http
        .put('/api/users/me/time-zone')
        .set(owner.auth)
        .send({ timeZone: 'Asia/Tokyo' })
        .expect(200);
      await t.http
        .put('/api/notifications/preferences')
        .set(owner.auth)
        .send({ preferences: [{ kind: 'listing_approved', inPage: true, email: 'daily' }] })
        .expect(200);
      for (const name of ['Daily One', 'Daily Two']) {
        const listing = await submitListing(t.http, owner, { name });
        await t.http
          .put(`/api/directory/admin/${listing._id}/approve`)
          .set(admin.auth)
          .send({})
          .expect(200);
      }
      const digest = t.app.get(NotificationsDigest);
      // The hourly tick: 06:00 UTC is 15:00 in Tokyo; 21:00 UTC is 06:00 there the next day.
      const digestsTo = async (email: string) =>
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from mail_messages where template = 'notificationDigest' and "to" = ${email}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n;
      await digest.send(new Date('2030-01-07T06:00:00Z')); // the morning of members without a zone
      expect(await digestsTo(owner.user.email)).toBe(0);
      expect(await digest.send(new Date('2030-01-07T21:00:00Z'))).toBe(1);
      expect(await digest.send(new Date('2030-01-07T21:00:00Z'))).toBe(0); // each row goes once
      expect(await digestsTo(owner.user.email)).toBe(1);
      const mail = await smtp.waitForSubject(owner.user.email, 'የዕለቱ ማሳወቂያዎችዎ');
      // Base64 or quoted-printable, as the mailer chose: the words as the reader sees them.
      const text = textOf(mail) || Buffer.from(decodedOf(mail), 'latin1').toString('utf8');
      expect(text).toContain('ዝርዝርዎ Daily One ጸድቋል።');
      expect(text).toContain('ዝርዝርዎ Daily Two ጸድቋል።');
      expect(text.indexOf('Daily One')).toBeLessThan(text.indexOf('Daily Two'));
      const link = /^<([^>]+)>$/.exec(headersOf(mail).get('list-unsubscribe') ?? '')?.[1];
      const url = new URL(link as string);
      await t.http
        .post(`${url.pathname}${url.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      const { preferences } = (
        await t.http.get('/api/notifications/preferences').set(owner.auth).expect(200)
      ).body as { preferences: Array<{ kind: string; email: string }> };
      expect(preferences.find((p) => p.kind === 'listing_approved')?.email).toBe('never');
    });

    it('refuses an unknown kind or frequency with a field error', async () => {
      const member = await registerMember(t.http);
      const res = await t.http
        .put('/api/notifications/preferences')
        .set(member.auth)
        .send({ preferences: [{ kind: 'gossip', inPage: 'yes', email: 'hourly' }] })
        .expect(400);
      expect(res.body.msg).toBeTruthy();
      expect(res.body.errors.length).toBeGreaterThan(0);
    });

    it('is in the data export and goes with the account', async () => {
      const owner = await registerMember(t.http);
      const listing = await submitListing(t.http, owner, { name: 'Exported Shop' });
      await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .send({})
        .expect(200);
      const file = JSON.parse(
        (await t.http.get('/api/users/me/export').set(owner.auth).expect(200)).text,
      ) as { notifications: { notifications: Array<{ kind: string }>; preferences: unknown[] } };
      expect(file.notifications.notifications).toEqual([
        expect.objectContaining({ kind: 'listing_approved' }),
      ]);
      expect(file.notifications.preferences).toHaveLength(8);
      await t.http
        .delete('/api/users/me')
        .set(owner.auth)
        .send({ password: 'secret-123' })
        .expect(200);
      const left = await t.database.db.execute(
        sql`select count(*)::int as n from notifications where user_id = ${owner.user._id}`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0]).toEqual({ n: 0 });
    });
  });

  describe('live', () => {
    it('streams the unread count, then a new notification as it is committed', async () => {
      const baseUrl = await listening(t);
      const author = await registerMember(t.http);
      const replier = await registerMember(t.http, { name: 'Live Replier' });
      const event = await createEvent(t.http, admin, { title: 'Live Evening' });
      const mine = await comment(author, event._id, 'Anyone?');
      const unauthorised = await fetch(`${baseUrl}/api/notifications/stream`);
      expect(unauthorised.status).toBe(401);
      const stream = await openNotificationStream(baseUrl, author.token);
      try {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toMatch(/^text\/event-stream/);
        expect((await stream.next('unread')).data).toEqual({ unread: 0 });
        await comment(replier, event._id, 'Me!', mine._id);
        const arrived = (await stream.next('notification')).data as {
          notification: Notification;
          unread: number;
        };
        expect(arrived.unread).toBe(1);
        expect(arrived.notification).toMatchObject({
          kind: 'comment_reply',
          data: { actorName: 'Live Replier' },
        });
      } finally {
        await stream.close();
      }
    });
  });
});

/** Two API replicas on one database and one Redis, as behind the balancer (ADR 0061). */
describe('notifications across replicas', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await startReplicas('notifications');
    for (const replica of [a, b]) {
      await within(10_000, async () => replica.app.get(NotificationsLive).listening, Boolean);
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a notification made on one replica arrives on a stream opened on the other', async () => {
    const admin = await loginAdmin(a.http);
    const author = await registerMember(a.http);
    const replier = await registerMember(a.http, { name: 'Other Replica' });
    const event = await createEvent(a.http, admin, { title: 'Two Replicas' });
    const mine = (
      await a.http
        .post('/api/comments')
        .set(author.auth)
        .send({ content: 'Hello?', contentType: 'events', contentId: event._id })
        .expect(201)
    ).body as { _id: string };

    const stream = await openNotificationStream(await listening(b), author.token);
    try {
      expect((await stream.next('unread')).data).toEqual({ unread: 0 });
      await a.http
        .post('/api/comments')
        .set(replier.auth)
        .send({
          content: 'Hello from A',
          contentType: 'events',
          contentId: event._id,
          parentComment: mine._id,
        })
        .expect(201);
      const arrived = (await stream.next('notification')).data as {
        notification: { kind: string; data: { actorName: string } };
        unread: number;
      };
      expect(arrived).toMatchObject({
        unread: 1,
        notification: { kind: 'comment_reply', data: { actorName: 'Other Replica' } },
      });
    } finally {
      await stream.close();
    }
  });
});
