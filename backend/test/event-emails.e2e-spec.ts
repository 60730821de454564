import { simpleParser } from 'mailparser';
import { Client } from 'pg';
import { calendarAttachment } from './support/calendar';
import { createEvent, eventForm } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { StripeStandIn } from './support/stripe-stand-in';
import { createTestApp, TestApp } from './support/test-app';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
};

/**
 * Receipts, waitlist promotions and cancellation notices are outbox rows written in the same
 * transaction as the change they report: a failed email write undoes the change (no lost email),
 * a change that fails after its email was written takes the email with it (no invented email),
 * and a change that commits is emailed exactly once through SMTP.
 */
describe('event emails commit with the change they report', () => {
  let t: TestApp;
  let admin: Session;
  let sql: Client;
  const smtp = new SmtpSink();
  const stripeApi = new StripeStandIn();

  beforeAll(async () => {
    await Promise.all([smtp.start(), stripeApi.start()]);
    t = await createTestApp({
      env: { ...KEYS, STRIPE_API_BASE: stripeApi.url, SMTP_URL: smtp.url },
    });
    admin = await loginAdmin(t.http);
    sql = new Client({ connectionString: t.config.databaseUrl });
    await sql.connect();
    await sql.query(`create function fail_write() returns trigger language plpgsql as $$
      begin raise exception 'write failed on purpose (test)'; end $$`);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
    await Promise.all([smtp.stop(), stripeApi.stop()]);
  });
  afterEach(async () => {
    await sql.query('drop trigger if exists fail_outbox on mail_messages');
    await sql.query('drop trigger if exists fail_commit on events');
  });

  /** Every outbox write of this template fails, as a crash between change and email would. */
  const failOutbox = (template: string) =>
    sql.query(`create trigger fail_outbox before insert on mail_messages for each row
      when (new.template = '${template}') execute function fail_write()`);

  /** A cancellation fails when it commits: after its emails were written in the transaction. */
  const failCancellationAtCommit = () =>
    sql.query(`create constraint trigger fail_commit after update on events
      deferrable initially deferred for each row
      when (new.cancelled_at is not null) execute function fail_write()`);

  const outbox = async (template: string, to: string) =>
    (
      await sql.query<{ status: string }>(
        'select status from mail_messages where template = $1 and "to" = $2',
        [template, to],
      )
    ).rows;

  /** Exactly one message with this subject reaches the SMTP sink (a late repeat is waited for). */
  async function deliveredOnce(to: string, subject: string): Promise<void> {
    const deadline = Date.now() + 20000;
    const matching = () =>
      smtp.messages.filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
    while (matching().length === 0) {
      if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(matching()).toHaveLength(1);
  }

  const rsvp = (eventId: string, member: Session, status: string) =>
    t.http.post(`/api/events/${eventId}/rsvp`).set(member.auth).send({ status });

  it('a receipt that cannot be written leaves no ticket; the retried payment is emailed once', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Receipt gala',
      isFree: false,
      pricing: { general: { amount: 25 } },
    });
    const member = await registerMember(t.http);
    const intent = await t.http
      .post('/api/payments/create-payment-intent')
      .set(member.auth)
      .send({ eventId: event._id, ticketType: 'general' })
      .expect(200);
    stripeApi.succeed(intent.body.paymentIntentId);
    const confirm = () =>
      t.http
        .post('/api/payments/confirm-payment')
        .set(member.auth)
        .send({ eventId: event._id, paymentIntentId: intent.body.paymentIntentId });

    await failOutbox('ticketReceipt');
    expect((await confirm()).status).toBeGreaterThanOrEqual(500);
    // Nothing of the payment was recorded without its receipt.
    expect((await t.http.get('/api/payments/tickets').set(member.auth).expect(200)).body).toEqual(
      [],
    );
    const detail = await t.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
    expect(detail.body).toMatchObject({ goingCount: 0, userStatus: null });
    expect(await outbox('ticketReceipt', member.user.email)).toEqual([]);

    await sql.query('drop trigger fail_outbox on mail_messages');
    const ok = await confirm().expect(200);
    expect(ok.body.newlyRecorded).toBe(true);
    await deliveredOnce(member.user.email, 'Your ticket: Receipt gala');
    // The receipt carries the entry ticket and the event's calendar file (issue 39).
    const receipt = smtp.messages.find(
      (m) =>
        m.to.includes(member.user.email.toLowerCase()) && m.subject === 'Your ticket: Receipt gala',
    )!;
    const calendar = calendarAttachment(await simpleParser(receipt.raw));
    expect(calendar.part.filename).toBe('receipt-gala.ics');
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.event.summary).toBe('Receipt gala');
    expect(calendar.event.uid).toBe(`${event._id}@events`);
    // Confirming again (the webhook's replay) records and emails nothing more.
    expect((await confirm().expect(200)).body.newlyRecorded).toBe(false);
    expect(await outbox('ticketReceipt', member.user.email)).toHaveLength(1);
  }, 60000);

  it('a promotion email that cannot be written undoes the seat; the saved change is emailed once', async () => {
    const event = await createEvent(t.http, admin, { title: 'Small room', maxAttendees: 1 });
    const [first, waiting] = [await registerMember(t.http), await registerMember(t.http)];
    await rsvp(event._id, first, 'going').expect(200);
    expect((await rsvp(event._id, waiting, 'going').expect(200)).body.status).toBe('waitlisted');
    const raise = () => {
      let request = t.http.put(`/api/events/${event._id}`).set(admin.auth);
      for (const [name, value] of Object.entries(
        eventForm({ title: 'Small room', maxAttendees: 2 }),
      )) {
        request = request.field(name, value);
      }
      return request;
    };

    await failOutbox('waitlistPromotion');
    expect((await raise()).status).toBeGreaterThanOrEqual(500);
    const unchanged = await t.http.get(`/api/events/${event._id}`).set(waiting.auth).expect(200);
    expect(unchanged.body).toMatchObject({
      maxAttendees: 1,
      goingCount: 1,
      waitlistCount: 1,
      userStatus: 'waitlisted',
    });
    expect(await outbox('waitlistPromotion', waiting.user.email)).toEqual([]);

    await sql.query('drop trigger fail_outbox on mail_messages');
    expect((await raise().expect(200)).body).toMatchObject({ goingCount: 2, waitlistCount: 0 });
    await deliveredOnce(waiting.user.email, 'A seat opened up: Small room');
  }, 60000);

  it('a cancellation that fails at commit takes its emails with it; the next one emails each member once', async () => {
    const event = await createEvent(t.http, admin, { title: 'Picnic', maxAttendees: 1 });
    const [going, waiting] = [await registerMember(t.http), await registerMember(t.http)];
    await rsvp(event._id, going, 'going').expect(200);
    await rsvp(event._id, waiting, 'going').expect(200);

    await failCancellationAtCommit();
    const failed = await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await t.http.get(`/api/events/${event._id}`).expect(200)).body.cancelledAt).toBeNull();
    for (const member of [going, waiting]) {
      expect(await outbox('eventCancelled', member.user.email)).toEqual([]);
    }

    await sql.query('drop trigger fail_commit on events');
    await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
    for (const member of [going, waiting]) {
      await deliveredOnce(member.user.email, 'Cancelled: Picnic');
    }
  }, 60000);
});
