import ICAL from 'ical.js';
import { createEvent, eventForm, withFields } from './support/events';
import { appWithMail, closeWithMail, registerMember, Session } from './support/factories';
import { SmtpSink, subjectOf } from './support/smtp-sink';
import { TestApp } from './support/test-app';

/** The venue's clock in `zone` at an instant, as HH:MM. */
const clockIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
    instant,
  );

describe('events in their venue time zone (ADR 0020)', () => {
  let t: TestApp;
  let admin: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
  });
  afterAll(() => closeWithMail(t, smtp));

  const post = (fields: Record<string, string>) =>
    withFields(t.http.post('/api/events').set(admin.auth), fields);
  const put = (id: string, fields: Record<string, string>) =>
    withFields(t.http.put(`/api/events/${id}`).set(admin.auth), fields);

  it('reads date and time on the venue clock: Toronto 18:00 in winter is 23:00Z', async () => {
    const event = await createEvent(t.http, admin, {
      date: '2030-01-15',
      time: '18:00',
      timeZone: 'America/Toronto',
    });
    expect(event).toMatchObject({
      date: '2030-01-15T18:00:00.000Z',
      time: '18:00',
      timeZone: 'America/Toronto',
      startsAt: '2030-01-15T23:00:00.000Z',
    });
    const listed = await t.http.get('/api/events?upcoming=true').expect(200);
    expect(listed.body.events.find((e: { _id: string }) => e._id === event._id)).toMatchObject({
      timeZone: 'America/Toronto',
      startsAt: '2030-01-15T23:00:00.000Z',
    });
  });

  it('gives a venue in a one-zone country its zone, and asks for one in a country of several', async () => {
    const addis = await createEvent(t.http, admin, {
      date: '2030-03-01',
      time: '18:30',
      location: { name: 'Hall', country: 'Ethiopia', city: 'Addis Ababa' },
    });
    expect(addis).toMatchObject({
      timeZone: 'Africa/Addis_Ababa',
      startsAt: '2030-03-01T15:30:00.000Z',
    });
    const berlin = await createEvent(t.http, admin, {
      location: { name: 'Haus', country: 'Germany', city: 'Köln' },
    });
    expect(berlin.timeZone).toBe('Europe/Berlin');

    for (const country of ['Canada', 'United States', 'Australia', 'Brazil', 'Russia']) {
      const res = await post(
        eventForm({ location: { name: 'Hall', country, city: 'Somewhere' } }),
      ).expect(400);
      expect(res.body.errors).toEqual([
        { field: 'timeZone', msg: expect.stringContaining(country), code: 'REQUIRED' },
      ]);
    }
  });

  it('refuses an unknown zone with a field error', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'Toronto', 'EST']) {
      const res = await post(eventForm({ timeZone: zone })).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.any(String) });
      expect(res.body.errors).toEqual([
        {
          field: 'timeZone',
          msg: 'Time zone must be an IANA time zone such as America/Toronto',
          code: 'NOT_ALLOWED',
        },
      ]);
    }
  });

  it('takes a new zone on edit and keeps the zone when the edit sends none', async () => {
    const event = await createEvent(t.http, admin, {
      date: '2030-07-01',
      time: '19:00',
      location: { name: 'Arts Centre', country: 'Australia', city: 'Melbourne' },
      timeZone: 'Australia/Melbourne',
    });
    expect(event.startsAt).toBe('2030-07-01T09:00:00.000Z');
    const perth = await put(
      event._id,
      eventForm({
        date: '2030-07-01',
        time: '19:00',
        location: { name: 'Arts Centre', country: 'Australia', city: 'Perth' },
        timeZone: 'Australia/Perth',
      }),
    ).expect(200);
    expect(perth.body).toMatchObject({
      timeZone: 'Australia/Perth',
      startsAt: '2030-07-01T11:00:00.000Z',
    });
    const kept = await put(
      event._id,
      eventForm({
        date: '2030-07-01',
        time: '20:00',
        location: { name: 'Arts Centre', country: 'Australia', city: 'Perth' },
      }),
    ).expect(200);
    expect(kept.body).toMatchObject({
      timeZone: 'Australia/Perth',
      startsAt: '2030-07-01T12:00:00.000Z',
    });
  });

  it('sorts and tells "upcoming" by the instant, not the wall clock', async () => {
    // Melbourne 08:00 on a day comes before Toronto 06:00 of the same day (UTC -4/-5 vs +10/+11).
    const toronto = await createEvent(t.http, admin, {
      title: 'Zone order Toronto',
      date: '2031-02-10',
      time: '06:00',
      timeZone: 'America/Toronto',
    });
    const melbourne = await createEvent(t.http, admin, {
      title: 'Zone order Melbourne',
      date: '2031-02-10',
      time: '08:00',
      location: { name: 'Hall', country: 'Australia', city: 'Melbourne' },
      timeZone: 'Australia/Melbourne',
    });
    const res = await t.http.get('/api/events?upcoming=true&search=order&limit=50').expect(200);
    const ids = res.body.events.map((e: { _id: string }) => e._id);
    expect(ids.indexOf(melbourne._id)).toBeLessThan(ids.indexOf(toronto._id));
  });

  it("answers a country's zones and the zone to preselect for the admin form", async () => {
    const canada = await t.http
      .get('/api/events/time-zones?country=Canada&city=Toronto')
      .expect(200);
    expect(canada.body).toMatchObject({ suggested: 'America/Toronto', required: true });
    expect(canada.body.zones).toEqual(
      expect.arrayContaining(['America/Toronto', 'America/Vancouver']),
    );
    const somewhere = await t.http
      .get('/api/events/time-zones?country=Canada&city=Nowhere')
      .expect(200);
    expect(somewhere.body.suggested).toBeNull();
    const ethiopia = await t.http.get('/api/events/time-zones?country=Ethiopia').expect(200);
    expect(ethiopia.body).toEqual({
      zones: ['Africa/Addis_Ababa'],
      suggested: 'Africa/Addis_Ababa',
      required: false,
    });
    const unknown = await t.http.get('/api/events/time-zones?country=Atlantis').expect(200);
    expect(unknown.body).toEqual({ zones: [], suggested: null, required: true });
    const missing = await t.http.get('/api/events/time-zones').expect(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'country', code: 'REQUIRED' });
  });

  it("writes the venue's time and zone in each reader's language in emails", async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Capital Breakfast',
      date: '2030-06-10',
      time: '10:00',
      location: { name: 'Hall', country: 'United States', city: 'Washington' },
      timeZone: 'America/New_York',
    });
    expect(event.startsAt).toBe('2030-06-10T14:00:00.000Z');
    const english = await registerMember(t.http);
    const amharic = await registerMember(t.http);
    await t.http
      .put('/api/users/me/language')
      .set(amharic.auth)
      .send({ language: 'am' })
      .expect(200);
    for (const member of [english, amharic]) {
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(200);
    }
    /** The plain-text part of the member's RSVP confirmation (quoted-printable, UTF-8). */
    const confirmation = async (email: string) => {
      const deadline = Date.now() + 15000;
      const find = () =>
        smtp.messages.find(
          (m) => m.to.includes(email) && subjectOf(m).includes('Capital Breakfast'),
        );
      while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const mail = find();
      if (!mail) throw new Error(`no RSVP confirmation to ${email}`);
      const part = /quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(mail.raw)?.[1] ?? '';
      const bytes = part
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
    };
    const inEnglish = await confirmation(english.user.email);
    expect(inEnglish).toContain('Monday, June 10, 2030 at 10:00 AM EDT (New York)');
    expect(inEnglish).not.toContain('UTC');
    const inAmharic = await confirmation(amharic.user.email);
    expect(inAmharic).toContain('ጁን');
    expect(inAmharic).toContain('10:00');
    expect(inAmharic).toContain('(New York)');
    expect(inAmharic).not.toContain('June');
  });

  describe('calendar file', () => {
    const parseEvent = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    };

    it('places a Toronto 18:00 winter event at 18:00 America/Toronto = 23:00Z', async () => {
      const event = await createEvent(t.http, admin, {
        title: 'Winter gala',
        date: '2030-12-05',
        time: '18:00',
        timeZone: 'America/Toronto',
      });
      const res = await t.http.get(`/api/events/${event._id}/ics`).expect(200);
      const parsed = parseEvent(res.text);
      const start = parsed.startDate.toJSDate();
      expect(start.toISOString()).toBe('2030-12-05T23:00:00.000Z');
      expect(clockIn(start, 'America/Toronto')).toBe('18:00');
      expect(parsed.endDate.toJSDate().toISOString()).toBe('2030-12-06T01:00:00.000Z');
    });

    it('places a summer event with daylight saving (Toronto 18:00 in July = 22:00Z)', async () => {
      const event = await createEvent(t.http, admin, {
        date: '2030-07-05',
        time: '18:00',
        timeZone: 'America/Toronto',
      });
      const res = await t.http.get(`/api/events/${event._id}/ics`).expect(200);
      expect(parseEvent(res.text).startDate.toJSDate().toISOString()).toBe(
        '2030-07-05T22:00:00.000Z',
      );
    });

    it('grows SEQUENCE on every change of the event', async () => {
      const event = await createEvent(t.http, admin, {
        title: 'Sequenced',
        timeZone: 'America/Toronto',
      });
      const sequence = async () => {
        const res = await t.http.get(`/api/events/${event._id}/ics`).expect(200);
        return parseEvent(res.text).sequence;
      };
      expect(await sequence()).toBe(0);
      await put(event._id, eventForm({ title: 'Sequenced', time: '19:00' })).expect(200);
      expect(await sequence()).toBe(1);
      await put(event._id, eventForm({ title: 'Sequenced again', time: '19:00' })).expect(200);
      expect(await sequence()).toBe(2);
    });
  });
});
