import { simpleParser } from 'mailparser';
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
    ['en', 'Your RSVP:', 'Ticket QR code'],
    ['am', 'የእርስዎ ምላሽ፦', 'የትኬት QR ኮድ'],
  ])(
    '%s: the QR code is an inline PNG the HTML shows, and it reads as the ticket code',
    async (language, subject, alt) => {
      const event = await createEvent(t.http, admin);
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
});
