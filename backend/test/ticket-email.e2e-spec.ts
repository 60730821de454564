import { simpleParser } from 'mailparser';
import { calendarAttachment, clockIn } from './support/calendar';
import { createEvent } from './support/events';
import { closeWithMail, registerMember, Session } from './support/factories';
import { appWithMail } from './support/factories';
import { decodeQr } from './support/qr';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';

/** Issue 39: the Going confirmation carries the entry ticket as an inline QR code. */
describe('ticket in the confirmation email', () => {
  const smtp = new SmtpSink();
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => ({ t, admin } = await appWithMail(smtp)));
  afterAll(() => closeWithMail(t, smtp));

  it.each([
    ['en', 'Your RSVP:', 'Ticket QR code', 'Winter gala', '2030-12-05', 'winter-gala.ics'],
    ['am', 'የእርስዎ ምላሽ፦', 'የትኬት QR ኮድ', 'የበጋ ምሽት', '2030-07-05', 'event.ics'],
  ])(
    '%s: the QR code is an inline PNG the HTML shows, and it reads as the ticket code; the calendar file is attached',
    async (language, subject, alt, title, date, filename) => {
      // 18:00 at a Toronto venue, in winter (EST) and in summer (EDT).
      const event = await createEvent(t.http, admin, {
        title,
        date,
        time: '18:00',
        timeZone: 'America/Toronto',
      });
      const member = await registerMember(t.http, { language });
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(200);
      const mail = await smtp.waitForSubject(member.user.email, subject, 30_000);
      const parsed = await simpleParser(mail.raw, { skipImageLinks: true });
      const [tickets] = [(await t.http.get('/api/tickets').set(member.auth).expect(200)).body];
      const code = (tickets as Array<{ eventId: string; code: string }>).find(
        (x) => x.eventId === event._id,
      )!.code;
      const image = parsed.attachments.find((a) => a.contentType === 'image/png');
      expect(image).toBeDefined();
      expect(image!.contentDisposition).toBe('inline');
      expect(image!.cid).toBeTruthy();
      // The HTML refers to the part by its content id, so mail clients show it without fetching.
      expect(parsed.html).toContain(`src="cid:${image!.cid}"`);
      expect(parsed.html).toContain(`alt="${alt}"`);
      expect(await decodeQr(image!.content)).toBe(code);
      // Text-only readers get the code too.
      expect(parsed.text).toContain(code);

      // The event's calendar file is attached, as GET /api/events/:id/ics writes it.
      const calendar = calendarAttachment(parsed);
      expect(calendar.part.filename).toBe(filename);
      expect(calendar.part.contentDisposition).toBe('attachment');
      expect(calendar.method).toBe('PUBLISH');
      expect(calendar.calendarMethod).toBe('PUBLISH');
      expect(calendar.event.summary).toBe(title);
      expect(calendar.event.uid).toBe(`${event._id}@events`);
      expect(clockIn(calendar.event.startDate.toJSDate(), 'America/Toronto')).toBe(
        `${date.split('-').reverse().join('/')}, 18:00`,
      );
      const served = await t.http.get(`/api/events/${event._id}/ics`).expect(200);
      const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/m, '');
      expect(withoutStamp(calendar.text)).toBe(withoutStamp(served.text));
    },
  );

  it('a Maybe answer carries no ticket', async () => {
    const event = await createEvent(t.http, admin);
    const member = await registerMember(t.http);
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'maybe' })
      .expect(200);
    const parsed = await simpleParser(
      (await smtp.waitForSubject(member.user.email, 'Your RSVP:', 30_000)).raw,
    );
    expect(parsed.attachments).toEqual([]);
    expect(parsed.html).not.toContain('cid:');
  });

  it('the emailed calendar file keeps a long description short; the page has it all', async () => {
    const description = 'A long evening programme. '.repeat(400);
    const event = await createEvent(t.http, admin, { title: 'Long programme', description });
    const member = await registerMember(t.http);
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(200);
    const mail = await smtp.waitForSubject(member.user.email, 'Your RSVP:', 30_000);
    const calendar = calendarAttachment(await simpleParser(mail.raw));
    expect(calendar.event.description.length).toBeLessThanOrEqual(1001);
    expect(calendar.event.description.endsWith('…')).toBe(true);
    expect(calendar.url).toBe(`${t.config.publicUrl}/events/${event._id}`);
    expect(mail.raw.length).toBeLessThan(40_000);
  });
});
