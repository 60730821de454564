import { createEvent, dayFromNow, withFields } from './support/events';
import {
  appWithMail,
  closeWithMail,
  loginAdmin,
  registerMember,
  Session,
} from './support/factories';
import { OwnRedis, services } from './support/services';
import { ReceivedMail, SmtpSink, subjectOf } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';
import { Clock } from '../src/modules/reminders/clock';
import { RemindersService } from '../src/modules/reminders/reminders.service';

const HOUR = 60 * 60 * 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reminders derived from the database (ADR 0021): on time, once, whatever restarts or Redis do. */
describe('event reminders', () => {
  const smtp = new SmtpSink();
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
  });
  afterAll(() => closeWithMail(t, smtp));
  afterEach(() => jest.restoreAllMocks());

  const remindersTo = (email: string, title: string) =>
    smtp.messages.filter(
      (mail: ReceivedMail) => mail.to.includes(email) && subjectOf(mail) === `Reminder: ${title}`,
    );
  /** Stands the app's reminder clock at `at`. */
  const standAt = (app: TestApp, at: Date) =>
    jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(at));
  const going = (app: TestApp, member: Session, eventId: string) =>
    app.http
      .post(`/api/events/${eventId}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
  /** Waits for the member's reminder, then a little more: exactly one came. */
  const expectOneReminder = async (email: string, title: string) => {
    await smtp.waitForSubject(email, `Reminder: ${title}`, 20000);
    await pause(1500);
    expect(remindersTo(email, title)).toHaveLength(1);
  };

  it('sends nothing for an event 40 days ahead, and one reminder 24 hours before it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const event = await createEvent(t.http, admin, {
      title: 'Far Evening',
      date: dayFromNow(40),
      time: '18:30',
    });
    const member = await registerMember(t.http);
    await going(t, member, event._id);
    const reminders = t.app.get(RemindersService);
    expect(await reminders.sweep()).toBe(0);
    await smtp.waitFor(member.user.email); // the RSVP confirmation
    await pause(1000);
    process.off('warning', onWarning);
    expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning');
    expect(remindersTo(member.user.email, 'Far Evening')).toHaveLength(0);

    const startsAt = new Date(event.startsAt as string);
    // A minute too early: still nothing.
    standAt(t, new Date(startsAt.getTime() - 24 * HOUR - 60000));
    expect(await reminders.sweep()).toBe(0);
    // 24 hours before: one, however many sweeps (two workers) run at once and after.
    standAt(t, new Date(startsAt.getTime() - 24 * HOUR + 60000));
    const [a, b] = await Promise.all([reminders.sweep(), reminders.sweep()]);
    expect(a + b).toBe(1);
    expect(await reminders.sweep()).toBe(0);
    await expectOneReminder(member.user.email, 'Far Evening');
  });

  it('reminds only members still going, of events not cancelled, not started', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Changing Evening',
      date: dayFromNow(3),
      time: '12:00',
    });
    const stays = await registerMember(t.http);
    const leaves = await registerMember(t.http);
    await going(t, stays, event._id);
    await going(t, leaves, event._id);
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(leaves.auth)
      .send({ status: 'maybe' })
      .expect(200);
    const startsAt = new Date(event.startsAt as string);
    // Started already: too late to remind.
    standAt(t, new Date(startsAt.getTime() + 60000));
    expect(await t.app.get(RemindersService).sweep()).toBe(0);
    standAt(t, new Date(startsAt.getTime() - 2 * HOUR));
    expect(await t.app.get(RemindersService).sweep()).toBe(1);
    await expectOneReminder(stays.user.email, 'Changing Evening');
    expect(remindersTo(leaves.user.email, 'Changing Evening')).toHaveLength(0);
  });

  it('reminds again of an event moved later, once', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Moved Evening',
      date: '2031-03-10',
      time: '18:00',
    });
    const member = await registerMember(t.http);
    await going(t, member, event._id);
    const reminders = t.app.get(RemindersService);
    standAt(t, new Date(Date.parse(event.startsAt as string) - HOUR));
    expect(await reminders.sweep()).toBe(1);
    await expectOneReminder(member.user.email, 'Moved Evening');
    jest.restoreAllMocks();
    const moved = await withFields(t.http.put(`/api/events/${event._id}`).set(admin.auth), {
      title: 'Moved Evening',
      description: 'Later.',
      date: '2031-03-20',
      time: '18:00',
      location: JSON.stringify({ name: 'Community Hall', country: 'Canada', city: 'Toronto' }),
      timeZone: 'America/Toronto',
    }).expect(200);
    standAt(t, new Date(Date.parse(moved.body.startsAt) - HOUR));
    expect(await reminders.sweep()).toBe(1);
    expect(await reminders.sweep()).toBe(0);
    await smtp.waitFor(member.user.email);
    await pause(1500);
    expect(remindersTo(member.user.email, 'Moved Evening')).toHaveLength(2);
  });

  it('still sends it, once, after a restart between the answer and the due time', async () => {
    const before = await createTestApp({
      databaseUrl: t.config.databaseUrl,
      env: { SMTP_URL: smtp.url },
    });
    const event = await createEvent(before.http, admin, {
      title: 'Restart Evening',
      date: dayFromNow(30),
      time: '19:00',
    });
    const member = await registerMember(before.http);
    await going(before, member, event._id);
    await before.close();

    const after = await createTestApp({
      databaseUrl: t.config.databaseUrl,
      env: { SMTP_URL: smtp.url },
    });
    try {
      standAt(after, new Date(Date.parse(event.startsAt as string) - 23 * HOUR));
      expect(await after.app.get(RemindersService).sweep()).toBe(1);
      expect(await after.app.get(RemindersService).sweep()).toBe(0);
      // Another process (the first app's successor here) sweeping later finds it sent.
      standAt(t, new Date(Date.parse(event.startsAt as string) - 22 * HOUR));
      expect(await t.app.get(RemindersService).sweep()).toBe(0);
      await expectOneReminder(member.user.email, 'Restart Evening');
    } finally {
      await after.close();
    }
  });

  describe('with Redis stopped at the answer', () => {
    let redis: OwnRedis;
    let withRedis: TestApp;

    beforeAll(async () => {
      redis = await (await services()).startRedis();
      withRedis = await createTestApp({ env: { REDIS_URL: redis.url, SMTP_URL: smtp.url } });
    }, 60000);
    afterAll(async () => {
      await withRedis?.close().catch(() => undefined);
      redis?.stop();
    });

    it('sends the reminder once when it is due', async () => {
      const redisAdmin = await loginAdmin(withRedis.http);
      const event = await createEvent(withRedis.http, redisAdmin, {
        title: 'Outage Evening',
        date: dayFromNow(20),
        time: '18:00',
      });
      const member = await registerMember(withRedis.http);
      redis.halt();
      try {
        await pause(300);
        await going(withRedis, member, event._id);
      } finally {
        await redis.resume();
      }
      standAt(withRedis, new Date(Date.parse(event.startsAt as string) - 12 * HOUR));
      const reminders = withRedis.app.get(RemindersService);
      expect(await reminders.sweep()).toBe(1);
      expect(await reminders.sweep()).toBe(0);
      await expectOneReminder(member.user.email, 'Outage Evening');
    }, 60000);
  });
});
