import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { createArticle } from './support/news';
import { submitListing } from './support/directory';
import { createEvent, dayFromNow } from './support/events';
import { appWithMail, closeWithMail, registerMember, Session } from './support/factories';
import { SmtpSink, subjectOf } from './support/smtp-sink';
import type { TestApp } from './support/test-app';
import { WeeklyDigest } from '../src/modules/notifications/weekly-digest';

const HOUR = 60 * 60 * 1000;

/** The first instant on the hour after `from` when the clocks of `zone` show Monday 08:00. */
function nextMondayEight(zone: string, from: Date): Date {
  const shows = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  let at = Math.ceil(from.getTime() / HOUR) * HOUR;
  for (;;) {
    if (shows.format(new Date(at)) === 'Mon 08:00') return new Date(at);
    at += HOUR;
  }
}

/**
 * The weekly digest (ADR 0072): members in Tokyo and Los Angeles get it at 08:00 on their own
 * Monday, once, in their language, with their country's events; the real SMTP message is parsed.
 */
describe('weekly digest', () => {
  const smtp = new SmtpSink();
  let t: TestApp;
  let admin: Session;
  let tokyo: Session;
  let losAngeles: Session;
  let notOptedIn: Session;
  let tokyoMonday: Date;
  let laMonday: Date;

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
    // An Amharic reader in Tokyo who lists Ethiopia; their zone comes as the portal sends the browser's.
    tokyo = await registerMember(t.http, { name: 'Hana Tokyo', country: 'Ethiopia' });
    await t.http.put('/api/users/me/language').set(tokyo.auth).send({ language: 'am' }).expect(200);
    await t.http
      .put('/api/users/me/time-zone')
      .set(tokyo.auth)
      .send({ timeZone: 'Asia/Tokyo' })
      .expect(200);
    // An English reader in Los Angeles whose zone is chosen in the profile form.
    losAngeles = await registerMember(t.http, { name: 'Abel LA', country: 'United States' });
    await t.http
      .put('/api/users/profile')
      .set(losAngeles.auth)
      .send({
        name: 'Abel LA',
        country: 'United States',
        profession: 'Engineer',
        timeZone: 'America/Los_Angeles',
      })
      .expect(200);
    notOptedIn = await registerMember(t.http, { country: 'Ethiopia' });
    await t.http
      .put('/api/users/me/time-zone')
      .set(notOptedIn.auth)
      .send({ timeZone: 'Asia/Tokyo' })
      .expect(200);
    for (const member of [tokyo, losAngeles]) {
      const res = await t.http
        .put('/api/notifications/preferences')
        .set(member.auth)
        .send({ preferences: [], weeklyDigest: true })
        .expect(200);
      expect(res.body.weeklyDigest).toBe(true);
    }

    tokyoMonday = nextMondayEight('Asia/Tokyo', new Date());
    laMonday = nextMondayEight('America/Los_Angeles', tokyoMonday);
    // Events a few days after that Monday (within the digest's 30 days), in each country.
    await createEvent(t.http, admin, {
      title: 'Addis Coffee Evening',
      date: dayFromNow(12),
      location: { name: 'Bole Hall', country: 'Ethiopia', city: 'Addis Ababa' },
      timeZone: 'Africa/Addis_Ababa',
    });
    await createEvent(t.http, admin, {
      title: 'LA Tech Meetup',
      date: dayFromNow(12),
      location: { name: 'Westside Hub', country: 'United States', city: 'Los Angeles' },
      timeZone: 'America/Los_Angeles',
    });
    const article = await createArticle(t.http, admin, { title: 'Scholarships Announced' });
    const owner = await registerMember(t.http);
    const listing = await submitListing(t.http, owner, { name: 'Habesha Bakery' });
    await t.http
      .put(`/api/directory/admin/${listing._id}/approve`)
      .set(admin.auth)
      .send({})
      .expect(200);
    // "New" is the week before the digest's Monday: date them an hour before Tokyo's.
    const before = new Date(tokyoMonday.getTime() - HOUR).toISOString();
    await t.database.db.execute(
      sql`UPDATE news SET published_at = ${before}::timestamptz WHERE id = ${article._id}`,
    );
    await t.database.db.execute(
      sql`UPDATE directory_listings SET created_at = ${before}::timestamptz WHERE id = ${listing._id}`,
    );
  }, 60000);
  afterAll(() => closeWithMail(t, smtp));

  const weeklyOutbox = async (email: string) =>
    (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM mail_messages WHERE template = 'weeklyDigest' AND "to" = ${email}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  const parsed = async (email: string, subject: string): Promise<ParsedMail> =>
    simpleParser((await smtp.waitForSubject(email, subject)).raw);

  it('sends each member one digest at 08:00 on their own Monday, whatever the hour ticks', async () => {
    const weekly = t.app.get(WeeklyDigest);
    const at = (ms: number) => weekly.send(new Date(ms));
    expect(await at(tokyoMonday.getTime() - HOUR)).toBe(0); // Tokyo's 07:00: not yet
    expect(await at(tokyoMonday.getTime())).toBe(1); // Tokyo's 08:00, LA's Sunday afternoon
    expect(await at(tokyoMonday.getTime())).toBe(0); // the same tick again (a retried job)
    expect(await at(tokyoMonday.getTime() + 2 * HOUR)).toBe(0);
    expect(await at(laMonday.getTime() - HOUR)).toBe(0);
    expect(await at(laMonday.getTime())).toBe(1); // LA's 08:00
    expect(await at(laMonday.getTime() + 3 * HOUR)).toBe(0);
    expect(await weeklyOutbox(tokyo.user.email)).toBe(1);
    expect(await weeklyOutbox(losAngeles.user.email)).toBe(1);
    expect(await weeklyOutbox(notOptedIn.user.email)).toBe(0);
    // LA's 08:00 is 16 or 17 hours after Tokyo's, on the same Monday.
    expect((laMonday.getTime() - tokyoMonday.getTime()) / HOUR).toBeGreaterThanOrEqual(16);
    expect((laMonday.getTime() - tokyoMonday.getTime()) / HOUR).toBeLessThanOrEqual(17);
  });

  it("is written in the member's language with their country's events and what is new", async () => {
    const am = await parsed(tokyo.user.email, 'የሳምንቱ የማኅበረሰብ ዜናዎ');
    expect(am.headers.get('content-language')).toBe('am');
    expect(am.text).toContain('ሰላም Hana Tokyo፣');
    expect(am.text).toContain('በኢትዮጵያ የሚካሄዱ መጪ ዝግጅቶች፦');
    expect(am.text).toContain('Addis Coffee Evening');
    expect(am.text).not.toContain('LA Tech Meetup');
    expect(am.text).toContain('Scholarships Announced');
    expect(am.text).toContain('Habesha Bakery');

    const en = await parsed(losAngeles.user.email, 'Your week in the community');
    expect(en.text).toContain('Hello Abel LA,');
    expect(en.text).toContain('Upcoming events in United States:');
    expect(en.text).toContain('LA Tech Meetup');
    expect(en.text).toMatch(/PST|PDT/); // the venue's clock, named
    expect(en.text).not.toContain('Addis Coffee Evening');
    expect(en.text).toContain('New articles:');
    expect(en.text).toContain('Scholarships Announced');
    expect(en.text).toContain('New in the directory:');
    expect(en.text).toContain('Habesha Bakery');
    expect(
      smtp.messages.filter((mail) => subjectOf(mail) === 'Your week in the community'),
    ).toHaveLength(1);
  });

  it('carries a one-click unsubscribe that turns the weekly digest off', async () => {
    const mail = await parsed(losAngeles.user.email, 'Your week in the community');
    // The raw header lines (mailparser folds List-* headers into one `list` object).
    const header = (name: string) =>
      mail.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<([^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(link).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.text).toContain(link);
    const url = new URL(link);
    const res = await t.http
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body.kind).toBe('weekly');
    const prefs = await t.http
      .get('/api/notifications/preferences')
      .set(losAngeles.auth)
      .expect(200);
    expect(prefs.body.weeklyDigest).toBe(false);
  });

  it('refuses a time zone that is not an IANA name with a field error', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+03:00', 'EST5EDT6']) {
      const res = await t.http
        .put('/api/users/me/time-zone')
        .set(tokyo.auth)
        .send({ timeZone })
        .expect(400);
      expect(res.body.msg).toBeTruthy();
      expect(res.body.errors).toEqual([
        expect.objectContaining({ field: 'timeZone', msg: expect.stringMatching(/IANA/) }),
      ]);
    }
    const res = await t.http
      .put('/api/users/profile')
      .set(tokyo.auth)
      .send({ name: 'Hana Tokyo', country: 'Ethiopia', profession: 'Engineer', timeZone: 'Tokyo' })
      .expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'timeZone' })]);
    const profile = await t.http.get('/api/auth/me').set(tokyo.auth).expect(200);
    expect(profile.body.timeZone).toBe('Asia/Tokyo');
  });

  it('puts the time zone and the weekly choice in the data export', async () => {
    const file = JSON.parse(
      (await t.http.get('/api/users/me/export').set(tokyo.auth).expect(200)).text,
    ) as { profile: { timeZone: string }; notifications: { weeklyDigest: boolean } };
    expect(file.profile.timeZone).toBe('Asia/Tokyo');
    expect(file.notifications.weeklyDigest).toBe(true);
  });
});
