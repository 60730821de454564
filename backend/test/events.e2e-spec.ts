import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createEvent, dayFromNow, eventForm, mp4Video, pngImage } from './support/events';
import { appWithMail, closeWithMail, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('events: editor, list, detail, RSVP with capacity, calendar', () => {
  let t: TestApp;
  let admin: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
  });
  afterAll(() => closeWithMail(t, smtp));

  const post = (fields: Record<string, string>, session: Session | null = admin) => {
    let request = t.http.post('/api/events');
    if (session) request = request.set(session.auth);
    for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
    return request;
  };

  describe('POST /api/events (admin editor)', () => {
    it('creates an event with resized images and a video, served from /api/files', async () => {
      const image = await pngImage(2400, 1200);
      const event = await createEvent(
        t.http,
        admin,
        {
          title: 'Enkutatash Gala',
          organizer: 'Selam Tesfaye',
          maxAttendees: 100,
          isFree: false,
          pricing: { general: { amount: '45.50' }, vip: { amount: 90, currency: 'EUR' } },
        },
        { images: [image, await pngImage()], videos: [mp4Video(10000)] },
      );
      expect(event).toMatchObject({
        title: 'Enkutatash Gala',
        category: 'cultural',
        time: '18:30',
        location: { name: 'Community Hall', country: 'Canada', city: 'Toronto', address: null },
        isFree: false,
        isActive: true,
        maxAttendees: 100,
        organizer: { name: 'Selam Tesfaye' },
        pricing: {
          general: { amount: 45.5, currency: 'usd' },
          vip: { amount: 90, currency: 'eur' },
        },
        goingCount: 0,
        attendees: [],
        likes: 0,
        dislikes: 0,
        myReaction: 'none',
        views: 0,
      });
      expect(event.date).toBe(`${dayFromNow(10)}T18:30:00.000Z`);
      const images = event.images as Array<{ url: string; thumbnail: string }>;
      expect(images).toHaveLength(2);
      expect(event.image).toBe(images[0].url);
      const served = await t.http.get(images[0].url).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const sharp = (await import('sharp')).default;
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta.width).toBe(1600);
      const thumb = await t.http.get(images[0].thumbnail).buffer(true).expect(200);
      expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(480);
      const videos = event.videos as Array<{ url: string }>;
      expect(videos[0].url).toMatch(/^\/api\/files\/events\/.+\.mp4$/);
    });

    it('serves videos with range requests', async () => {
      const video = mp4Video(5000);
      const event = await createEvent(t.http, admin, {}, { videos: [video] });
      const url = (event.videos as Array<{ url: string }>)[0].url;
      const whole = await t.http.get(url).buffer(true).expect(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
      const part = await t.http.get(url).set('Range', 'bytes=100-199').buffer(true).expect(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/5000');
      expect(Buffer.compare(part.body as Buffer, video.subarray(100, 200))).toBe(0);
      const tail = await t.http.get(url).set('Range', 'bytes=-10').buffer(true).expect(206);
      expect(tail.headers['content-range']).toBe('bytes 4990-4999/5000');
      await t.http.get(url).set('Range', 'bytes=9000-').expect(416);
      await t.http.get('/api/files/events/../../etc/passwd').expect(404);
      await t.http.get('/api/files/events/nothing-here.mp4').expect(404);
    });

    it('reports every missing required field', async () => {
      const res = await post({ title: '' }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
      expect(fields).toEqual(['date', 'description', 'location', 'time', 'title']);
    });

    it('checks time, category, location, prices and paid pricing', async () => {
      const time = await post(eventForm({ time: '7pm' })).expect(400);
      expect(time.body.errors).toEqual([
        { field: 'time', msg: 'Time must be in HH:MM format', code: 'INVALID_FORMAT' },
      ]);
      for (const date of ['2026-02-30', '2026-12-24Tnonsense', '24/12/2026']) {
        const res = await post(eventForm({ date })).expect(400);
        expect(res.body.errors).toEqual([
          { field: 'date', msg: 'Date must be a valid date (YYYY-MM-DD)', code: 'INVALID_DATE' },
        ]);
      }
      const category = await post(eventForm({ category: 'party' })).expect(400);
      expect(category.body.msg).toBe('Category must be one of the event categories');
      const location = await post(eventForm({ location: { name: '', country: 'Canada' } })).expect(
        400,
      );
      expect(location.body.errors).toEqual([
        { field: 'location.name', msg: 'Location name is required', code: 'REQUIRED' },
      ]);
      const negative = await post(
        eventForm({ isFree: false, pricing: { general: { amount: -5 } } }),
      ).expect(400);
      expect(negative.body.errors).toEqual([
        { field: 'pricing.general.amount', msg: 'Prices must be at least 0', code: 'OUT_OF_RANGE' },
      ]);
      const text = await post(
        eventForm({ isFree: false, pricing: { general: { amount: 'ten' } } }),
      ).expect(400);
      expect(text.body.errors[0].field).toBe('pricing.general.amount');
      const unpriced = await post(eventForm({ isFree: false })).expect(400);
      expect(unpriced.body.msg).toBe('A paid event needs a price for at least one ticket type');
      const badJson = await post({ ...eventForm(), location: '{nope' }).expect(400);
      expect(badJson.body.errors).toEqual([
        { field: 'location', msg: 'location must be valid JSON', code: 'INVALID_FORMAT' },
      ]);
    });

    it('sniffs file contents: a text file named .png is refused', async () => {
      let request = post(eventForm());
      request = request.attach('images', Buffer.from('not really a picture at all'), 'fake.png');
      const res = await request.expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'UNSUPPORTED_FILE_TYPE',
        msg: 'fake.png is not a JPEG, PNG, GIF, WebP or AVIF image',
      });
      const asVideo = await post(eventForm())
        .attach('videos', await pngImage(), 'clip.mp4')
        .expect(400);
      expect(asVideo.body.msg).toBe('clip.mp4 is not an MP4, WebM or QuickTime video (it is PNG)');
    });

    it('limits images to 10 and videos to 20 MB each, without writing anything', async () => {
      const before = (await t.http.get('/api/events?limit=100').expect(200)).body.total;
      const image = await pngImage();
      let request = post(eventForm({ title: 'Too many images' }));
      for (let i = 0; i < 11; i++) request = request.attach('images', image, `p${i}.png`);
      const many = await request.expect(400);
      expect(many.body).toMatchObject({
        code: 'TOO_MANY_FILES',
        msg: 'At most 10 images can be uploaded',
      });

      const big = await post(eventForm({ title: 'Huge video' }))
        .attach('videos', mp4Video(20 * 1024 * 1024 + 10), 'huge.mp4')
        .expect(413);
      expect(big.body).toMatchObject({ statusCode: 413, code: 'FILE_TOO_LARGE' });
      expect(big.body.msg).toMatch(/^huge\.mp4 is too large \(.*MB\)\. Maximum size is 20MB\.$/);
      const after = (await t.http.get('/api/events?limit=100').expect(200)).body.total;
      expect(after).toBe(before);
    });

    it('is for admins only', async () => {
      const member = await registerMember(t.http);
      const forbidden = await post(eventForm(), member).expect(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
      await post(eventForm(), null).expect(401);
    });
  });

  describe('PUT and DELETE /api/events/:id', () => {
    it('edits fields, keeps chosen media, adds new files and removes dropped ones', async () => {
      const event = await createEvent(
        t.http,
        admin,
        {},
        { images: [await pngImage(), await pngImage()] },
      );
      const [keep, drop] = event.images as Array<{ url: string; thumbnail: string }>;
      let request = t.http.put(`/api/events/${event._id}`).set(admin.auth);
      const fields = {
        ...eventForm({ title: 'Renamed', category: 'social', isActive: false }),
        existingImages: JSON.stringify([keep.url]),
      };
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      const res = await request.attach('images', await pngImage(), 'new.png').expect(200);
      expect(res.body).toMatchObject({ title: 'Renamed', category: 'social', isActive: false });
      const urls = res.body.images.map((i: { url: string }) => i.url);
      expect(urls).toHaveLength(2);
      expect(urls[0]).toBe(keep.url);
      await t.http.get(drop.url).expect(404);
      await t.http.get(drop.thumbnail).expect(404);
      await t.http.get(urls[1]).expect(200);
    });

    it('deletes the event and its media folder', async () => {
      const event = await createEvent(
        t.http,
        admin,
        {},
        { images: [await pngImage()], videos: [mp4Video()] },
      );
      const folder = join(t.config.uploadDir, 'events', event._id);
      expect(existsSync(folder)).toBe(true);
      const member = await registerMember(t.http);
      await t.http.delete(`/api/events/${event._id}`).set(member.auth).expect(403);
      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
      expect(existsSync(folder)).toBe(false);
      await t.http.get(`/api/events/${event._id}`).expect(404);
      await t.http.get((event.images as Array<{ url: string }>)[0].url).expect(404);
      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(404);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      const unknown = await t.http.get(`/api/events/${MISSING}`).expect(404);
      expect(unknown.body).toMatchObject({ statusCode: 404, msg: 'Event not found' });
      await t.http.get('/api/events/not-a-uuid').expect(404);
    });
  });

  describe('RSVP', () => {
    it('guests cannot RSVP; members answer going, maybe, not going and the count follows', async () => {
      const event = await createEvent(t.http, admin, { title: 'RSVP night' });
      const url = `/api/events/${event._id}/rsvp`;
      await t.http.post(url).send({ status: 'going' }).expect(401);
      const member = await registerMember(t.http, { name: 'Abebe Kebede' });
      const going = await t.http.post(url).set(member.auth).send({ status: 'going' }).expect(200);
      expect(going.body).toEqual({ status: 'going', goingCount: 1, msg: 'You are going' });
      const detail = await t.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
      expect(detail.body).toMatchObject({
        goingCount: 1,
        userStatus: 'going',
        attendees: [{ user: { _id: member.user._id, name: 'Abebe Kebede' }, status: 'going' }],
      });
      const maybe = await t.http.post(url).set(member.auth).send({ status: 'maybe' }).expect(200);
      expect(maybe.body).toMatchObject({ status: 'maybe', goingCount: 0 });
      const notGoing = await t.http
        .post(url)
        .set(member.auth)
        .send({ status: 'not going' })
        .expect(200);
      expect(notGoing.body).toMatchObject({ status: 'not going', goingCount: 0 });
      const bad = await t.http.post(url).set(member.auth).send({ status: 'perhaps' }).expect(400);
      expect(bad.body.msg).toBe('Status must be going, maybe or not going');
      const mail = await smtp.waitForSubject(member.user.email, 'Your RSVP');
      expect(mail.subject).toBe('Your RSVP: RSVP night');
      expect(mail.raw).toContain('/events/' + event._id);
    });

    it('refuses ended and inactive events with 409 and a msg', async () => {
      const member = await registerMember(t.http);
      const past = await createEvent(t.http, admin, { date: dayFromNow(-3) });
      const ended = await t.http
        .post(`/api/events/${past._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'maybe' })
        .expect(409);
      expect(ended.body).toEqual({
        statusCode: 409,
        msg: 'This event has ended',
        code: 'EVENT_ENDED',
      });
      const inactive = await createEvent(t.http, admin, { isActive: false });
      const res = await t.http
        .post(`/api/events/${inactive._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(409);
      expect(res.body.msg).toBe('This event is no longer active');
      const listed = await t.http.get(`/api/events/${past._id}`).expect(200);
      expect(listed.body.isUpcoming).toBe(false);
    });

    it('needs a paid ticket for Going on a paid event', async () => {
      const member = await registerMember(t.http);
      const paid = await createEvent(t.http, admin, {
        isFree: false,
        pricing: { general: { amount: 20 } },
      });
      const res = await t.http
        .post(`/api/events/${paid._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(402);
      expect(res.body.code).toBe('TICKET_REQUIRED');
      await t.http
        .post(`/api/events/${paid._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'maybe' })
        .expect(200);
    });

    it('never overfills: 50 members race for the last 2 seats; the rest are waitlisted', async () => {
      const event = await createEvent(t.http, admin, { title: 'Race night', maxAttendees: 10 });
      const url = `/api/events/${event._id}/rsvp`;
      const early = await Promise.all(Array.from({ length: 8 }, () => registerMember(t.http)));
      for (const member of early) {
        await t.http.post(url).set(member.auth).send({ status: 'going' }).expect(200);
      }
      const racers = await Promise.all(Array.from({ length: 50 }, () => registerMember(t.http)));
      const answers = await Promise.all(
        racers.map((member) => t.http.post(url).set(member.auth).send({ status: 'going' })),
      );
      expect(answers.every((res) => res.status === 200)).toBe(true);
      const statuses = answers.map((res) => res.body.status);
      expect(statuses.filter((s) => s === 'going')).toHaveLength(2);
      expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(48);
      const waitlisted = answers.find((res) => res.body.status === 'waitlisted');
      expect(waitlisted?.body.msg).toBe(
        'This event is full. You are on the waiting list and will be emailed if a seat frees up.',
      );
      const detail = await t.http.get(`/api/events/${event._id}`).expect(200);
      const going = detail.body.attendees.filter((a: { status: string }) => a.status === 'going');
      expect(going).toHaveLength(10);
      expect(detail.body.goingCount).toBe(10);
      expect(detail.body.waitlistCount).toBe(48);

      // A seat frees up: the longest-waiting member moves up and is told by email.
      const { sql } = await import('drizzle-orm');
      const first = await t.database.db.execute(
        sql`SELECT user_id FROM event_attendees WHERE event_id = ${event._id} AND status = 'waitlisted' ORDER BY status_changed_at, user_id LIMIT 1`,
      );
      const firstId = (first as { rows: Array<{ user_id: string }> }).rows[0].user_id;
      const promotedMember = racers.find((m) => m.user._id === firstId);
      await t.http.post(url).set(early[0].auth).send({ status: 'not going' }).expect(200);
      const after = await t.http
        .get(`/api/events/${event._id}`)
        .set(promotedMember!.auth)
        .expect(200);
      expect(after.body).toMatchObject({ goingCount: 10, waitlistCount: 47, userStatus: 'going' });
      const promotion = await smtp.waitForSubject(promotedMember!.user.email, 'A seat opened up');
      expect(promotion.subject).toBe('A seat opened up: Race night');
    });

    it('raising maxAttendees in the editor seats waitlisted members', async () => {
      const event = await createEvent(t.http, admin, { maxAttendees: 1 });
      const url = `/api/events/${event._id}/rsvp`;
      const [a, b] = [await registerMember(t.http), await registerMember(t.http)];
      await t.http.post(url).set(a.auth).send({ status: 'going' }).expect(200);
      const wait = await t.http.post(url).set(b.auth).send({ status: 'going' }).expect(200);
      expect(wait.body.status).toBe('waitlisted');
      let request = t.http.put(`/api/events/${event._id}`).set(admin.auth);
      for (const [name, value] of Object.entries(eventForm({ maxAttendees: 2 }))) {
        request = request.field(name, value);
      }
      const res = await request.expect(200);
      expect(res.body).toMatchObject({ goingCount: 2, waitlistCount: 0 });
    });

    it('seats nobody from the waitlist of an inactive or cancelled event', async () => {
      const [a, b] = [await registerMember(t.http), await registerMember(t.http)];
      /** A free event with one seat: a is going, b is waiting. */
      const fullEvent = async (title: string) => {
        const event = await createEvent(t.http, admin, { title, maxAttendees: 1 });
        const url = `/api/events/${event._id}/rsvp`;
        await t.http.post(url).set(a.auth).send({ status: 'going' }).expect(200);
        const wait = await t.http.post(url).set(b.auth).send({ status: 'going' }).expect(200);
        expect(wait.body.status).toBe('waitlisted');
        return event._id;
      };
      const edit = async (id: string, fields: Parameters<typeof eventForm>[0]) => {
        let request = t.http.put(`/api/events/${id}`).set(admin.auth);
        for (const [name, value] of Object.entries(eventForm(fields))) {
          request = request.field(name, value);
        }
        return (await request.expect(200)).body;
      };
      const promotionsTo = async (email: string, eventTitle: string) => {
        const { MailRepository } = await import('../src/modules/mail/mail.repository');
        return (await t.app.get(MailRepository).latest(500)).filter(
          (m) =>
            m.template === 'waitlistPromotion' &&
            m.to === email &&
            (m.payload as { eventTitle: string }).eventTitle === eventTitle,
        );
      };
      const waiting = { goingCount: 1, waitlistCount: 1 };

      // Inactive: the new seat waits until the event takes answers again.
      const inactive = await fullEvent('Closed room');
      const closed = { title: 'Closed room', isActive: false, maxAttendees: 2 };
      expect(await edit(inactive, closed)).toMatchObject(waiting);
      expect(await promotionsTo(b.user.email, 'Closed room')).toEqual([]);
      expect(await edit(inactive, { ...closed, isActive: true })).toMatchObject({
        goingCount: 2,
        waitlistCount: 0,
      });
      expect(await promotionsTo(b.user.email, 'Closed room')).toHaveLength(1);

      // Cancelled: no seat at all, whatever the editor changes afterwards.
      const cancelled = await fullEvent('Cancelled room');
      await t.http.post(`/api/events/${cancelled}/cancel`).set(admin.auth).expect(200);
      const more = { title: 'Cancelled room', maxAttendees: 5 };
      expect(await edit(cancelled, { ...more, isActive: false })).toMatchObject(waiting);
      // Nor may an edit make it active again (a form loaded before the cancellation).
      let reopen = t.http.put(`/api/events/${cancelled}`).set(admin.auth);
      for (const [name, value] of Object.entries(eventForm({ ...more, isActive: true }))) {
        reopen = reopen.field(name, value);
      }
      expect((await reopen.expect(409)).body.code).toBe('EVENT_CANCELLED');
      const detail = await t.http.get(`/api/events/${cancelled}`).set(b.auth).expect(200);
      expect(detail.body.userStatus).toBe('waitlisted');
      expect(await promotionsTo(b.user.email, 'Cancelled room')).toEqual([]);
    });
  });

  it('GET /api/events/:id/ics gives an iCalendar file', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Coffee, Music; Friends',
      date: '2030-05-17',
      time: '19:05',
    });
    const res = await t.http.get(`/api/events/${event._id}/ics`).expect(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain('coffee-music-friends.ics');
    expect(res.text).toContain('BEGIN:VEVENT');
    // 19:05 in Toronto (EDT in May) is 23:05Z.
    expect(res.text).toContain('DTSTART:20300517T230500Z');
    expect(res.text).toContain('SUMMARY:Coffee\\, Music\\; Friends');
    expect(res.text).toContain(`UID:${event._id}@events`);
  });

  it('registers events with the content registry for comments, reactions and views', async () => {
    const event = await createEvent(t.http, admin);
    const member = await registerMember(t.http);
    await t.http.post(`/api/reactions/event/${event._id}/like`).set(member.auth).expect(200);
    const res = await t.http.get(`/api/events/${event._id}`).expect(200);
    expect(res.body).toMatchObject({ likes: 1, dislikes: 0, myReaction: null });
    const mine = await t.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
    expect(mine.body).toMatchObject({ likes: 1, myReaction: 'like' });
    await t.http.post(`/api/reactions/event/${MISSING}/like`).set(member.auth).expect(404);
  });
});
