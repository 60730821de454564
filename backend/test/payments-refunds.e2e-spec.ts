import { Client } from 'pg';
import { createEvent, EventFields, eventForm } from './support/events';
import { registerMember, Session } from './support/factories';
import { payingMember, sendWebhook, startStripeApp, stopStripeApp } from './support/stripe';
import { StripeStandIn } from './support/stripe-stand-in';
import { TestApp } from './support/test-app';

/** Refunds and disputes made in Stripe reach the platform by webhook; the ticket stops admitting. */
describe('payments: refunds and disputes from Stripe', () => {
  let t: TestApp;
  let admin: Session;
  const stripeApi = new StripeStandIn();

  beforeAll(async () => ({ t, admin } = await startStripeApp(stripeApi)));
  afterAll(() => stopStripeApp(t, stripeApi));

  const send = (type: string, object: Record<string, unknown>) => sendWebhook(t.http, type, object);

  const statusOf = async (eventId: string, member: Session) =>
    (await t.http.get(`/api/events/${eventId}`).set(member.auth).expect(200)).body as {
      goingCount: number;
      userStatus: string | null;
      attendees: Array<{ user: { _id: string }; status: string }>;
    };

  it('charge.refunded: the ticket is refunded and no longer admits; the seat is freed', async () => {
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 20 } },
      maxAttendees: 1,
    });
    const { member, intentId } = await payingMember(t.http, stripeApi, event._id);
    expect((await statusOf(event._id, member)).goingCount).toBe(1);
    const charge = {
      id: 'ch_refund_1',
      object: 'charge',
      refunded: true,
      payment_intent: intentId,
    };
    await send('charge.refunded', charge).expect(200);
    const after = await statusOf(event._id, member);
    expect(after.goingCount).toBe(0);
    expect(after.userStatus).toBe('not going');
    // Going again needs a new ticket: the refunded one no longer admits.
    const again = await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(402);
    expect(again.body.code).toBe('TICKET_REQUIRED');
    // The member sees the ticket and its state.
    const tickets = await t.http.get('/api/payments/tickets').set(member.auth).expect(200);
    expect(tickets.body).toEqual([
      expect.objectContaining({ eventId: event._id, status: 'refunded', amount: 20 }),
    ]);
    expect(tickets.body[0]).toMatchObject({
      eventTitle: expect.any(String),
      eventDate: expect.any(String),
      eventCancelled: false,
    });
    await t.http.get('/api/payments/tickets').expect(401);
    // The same notice again changes nothing.
    await send('charge.refunded', charge).expect(200);
    expect((await statusOf(event._id, member)).goingCount).toBe(0);
  });

  it('a partial refund keeps the ticket', async () => {
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 20 } },
    });
    const { member, intentId } = await payingMember(t.http, stripeApi, event._id);
    await send('charge.refunded', {
      id: 'ch_partial',
      object: 'charge',
      refunded: false,
      payment_intent: intentId,
    }).expect(200);
    expect((await statusOf(event._id, member)).userStatus).toBe('going');
  });

  it('charge.dispute.created: the ticket is disputed and no longer admits, idempotently', async () => {
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 30 } },
    });
    const { member, intentId } = await payingMember(t.http, stripeApi, event._id);
    const other = await payingMember(t.http, stripeApi, event._id);
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: intentId, charge: 'ch_x' };
    await send('charge.dispute.created', dispute).expect(200);
    await send('charge.dispute.created', dispute).expect(200);
    const after = await statusOf(event._id, member);
    expect(after.goingCount).toBe(1);
    expect(after.userStatus).toBe('not going');
    expect((await statusOf(event._id, other.member)).userStatus).toBe('going');
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(402);
  });
});

describe('payments: an admin cancels an event', () => {
  let t: TestApp;
  let admin: Session;
  const stripeApi = new StripeStandIn();

  beforeAll(async () => ({ t, admin } = await startStripeApp(stripeApi)));
  afterAll(() => stopStripeApp(t, stripeApi));

  const pay = (eventId: string) => payingMember(t.http, stripeApi, eventId);

  const mailTo = async (email: string) => {
    const { MailRepository } = await import('../src/modules/mail/mail.repository');
    return (await t.app.get(MailRepository).latest(200)).filter((m) => m.to === email);
  };

  it('refuses to delete an event with paid tickets until it is cancelled, then refunds all', async () => {
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 15 } },
    });
    const buyers = [await pay(event._id), await pay(event._id)];
    const refused = await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(409);
    expect(refused.body.code).toBe('EVENT_HAS_PAID_TICKETS');

    await t.http.post(`/api/events/${event._id}/cancel`).set(buyers[0].member.auth).expect(403);
    const cancelled = await t.http
      .post(`/api/events/${event._id}/cancel`)
      .set(admin.auth)
      .expect(200);
    expect(cancelled.body).toEqual({ msg: 'Event cancelled', refundedTickets: 2 });
    expect(stripeApi.refunds.map((r) => r.payment_intent).sort()).toEqual(
      buyers.map((b) => b.intentId).sort(),
    );
    // Kept, marked cancelled; nobody is going any more and no answer is taken.
    const detail = await t.http.get(`/api/events/${event._id}`).expect(200);
    expect(detail.body.cancelledAt).toEqual(expect.any(String));
    expect(detail.body.goingCount).toBe(0);
    const rsvp = await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(buyers[0].member.auth)
      .send({ status: 'going' })
      .expect(409);
    expect(rsvp.body).toMatchObject({
      code: 'EVENT_CANCELLED',
      msg: 'This event has been cancelled',
    });
    for (const { member } of buyers) {
      const mails = await mailTo(member.user.email);
      expect(mails.map((m) => m.template)).toContain('eventCancelled');
      expect(mails.find((m) => m.template === 'eventCancelled')?.payload).toMatchObject({
        refunded: true,
      });
    }
    // Each buyer's ticket reads refunded, for a cancelled event, with the event's date.
    const tickets = await t.http
      .get('/api/payments/tickets')
      .set(buyers[0].member.auth)
      .expect(200);
    expect(tickets.body).toEqual([
      expect.objectContaining({
        eventId: event._id,
        status: 'refunded',
        eventCancelled: true,
        eventDate: detail.body.date,
      }),
    ]);
    // Cancelling again refunds nothing twice; now it may be deleted.
    const again = await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
    expect(again.body.refundedTickets).toBe(0);
    expect(stripeApi.refunds).toHaveLength(2);
    await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
  });

  it('seats nobody while refunding: a waiting ticket holder is told of the cancellation only', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Sold-out dinner',
      isFree: false,
      pricing: { general: { amount: 15 } },
      maxAttendees: 1,
    });
    const rsvp = (member: Session, status: string) =>
      t.http.post(`/api/events/${event._id}/rsvp`).set(member.auth).send({ status }).expect(200);
    // The first buyer steps back, a second buyer takes the seat, the first waits for it again.
    const waiting = await pay(event._id);
    await rsvp(waiting.member, 'maybe');
    const seated = await pay(event._id);
    expect((await rsvp(waiting.member, 'going')).body.status).toBe('waitlisted');

    const cancelled = await t.http
      .post(`/api/events/${event._id}/cancel`)
      .set(admin.auth)
      .expect(200);
    expect(cancelled.body.refundedTickets).toBe(2);
    // Refunding the seated ticket freed its seat; nobody was moved into it.
    const detail = await t.http.get(`/api/events/${event._id}`).set(waiting.member.auth);
    expect(detail.body).toMatchObject({ goingCount: 0, userStatus: 'waitlisted' });
    for (const { member } of [waiting, seated]) {
      const templates = (await mailTo(member.user.email)).map((m) => m.template);
      expect(templates).toContain('eventCancelled');
      expect(templates).not.toContain('waitlistPromotion');
    }
  });

  it('emails going and waitlisted members of a free event', async () => {
    const event = await createEvent(t.http, admin, { maxAttendees: 1 });
    const going = await registerMember(t.http);
    const waiting = await registerMember(t.http);
    const maybe = await registerMember(t.http);
    const rsvp = (member: Session, status: string) =>
      t.http.post(`/api/events/${event._id}/rsvp`).set(member.auth).send({ status }).expect(200);
    await rsvp(going, 'going');
    expect((await rsvp(waiting, 'going')).body.status).toBe('waitlisted');
    await rsvp(maybe, 'maybe');
    await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
    for (const member of [going, waiting]) {
      const mails = await mailTo(member.user.email);
      expect(mails.find((m) => m.template === 'eventCancelled')?.payload).toMatchObject({
        refunded: false,
      });
    }
    expect((await mailTo(maybe.user.email)).map((m) => m.template)).not.toContain('eventCancelled');
  });
  describe('no payment is left unrefunded by a delete or an edit racing it', () => {
    const paid: EventFields = { isFree: false, pricing: { general: { amount: 25 } } };

    const startIntent = async (member: Session, eventId: string) =>
      (
        await t.http
          .post('/api/payments/create-payment-intent')
          .set(member.auth)
          .send({ eventId, ticketType: 'general' })
          .expect(200)
      ).body.paymentIntentId as string;

    const confirm = (member: Session, eventId: string, paymentIntentId: string) =>
      t.http
        .post('/api/payments/confirm-payment')
        .set(member.auth)
        .send({ eventId, paymentIntentId });

    /** The admin saves the event form (multipart), e.g. one loaded before a cancellation. */
    const edit = (eventId: string, fields: EventFields) => {
      let request = t.http.put(`/api/events/${eventId}`).set(admin.auth);
      for (const [name, value] of Object.entries(eventForm(fields))) {
        request = request.field(name, value);
      }
      return request;
    };

    /** A connection of the test's own to the app's database (to hold the event's row lock). */
    const openDb = async () => {
      const client = new Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      return client;
    };

    /** Waits until `count` other sessions of this database wait for a lock. */
    const lockWaiters = async (client: Client, count: number) => {
      for (let i = 0; i < 500; i++) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and wait_event_type = 'Lock'`,
        );
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`never ${count} lock waiter(s)`);
    };

    it('a delete is refused while a refund is still owed (a refunding ticket)', async () => {
      const event = await createEvent(t.http, admin, paid);
      const member = await registerMember(t.http);
      // Two payments started before either is recorded: the second is a second ticket.
      const first = await startIntent(member, event._id);
      const second = await startIntent(member, event._id);
      stripeApi.succeed(first);
      stripeApi.succeed(second);
      await confirm(member, event._id, first).expect(200);
      stripeApi.failRefunds(1);
      await confirm(member, event._id, second).expect(502); // refused, its refund owed
      // The first ticket is refunded in Stripe: only the owed refund is left.
      await sendWebhook(t.http, 'charge.refunded', {
        id: 'ch_owed_first',
        object: 'charge',
        refunded: true,
        payment_intent: first,
      }).expect(200);
      const refused = await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(409);
      expect(refused.body).toMatchObject({
        code: 'EVENT_HAS_PAID_TICKETS',
        msg: 'This event has paid tickets: cancel it first, which refunds them and tells the members',
      });
      // Cancelling refunds what is owed; then it may go.
      const cancelled = await t.http
        .post(`/api/events/${event._id}/cancel`)
        .set(admin.auth)
        .expect(200);
      expect(cancelled.body.refundedTickets).toBe(1);
      expect(stripeApi.refunds.filter((r) => r.payment_intent === second)).toHaveLength(1);
      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
    });

    it('a delete racing a payment being recorded never leaves a paid ticket without its event', async () => {
      const event = await createEvent(t.http, admin, paid);
      const member = await registerMember(t.http);
      const intentId = await startIntent(member, event._id);
      stripeApi.succeed(intentId);
      const db = await openDb();
      try {
        // The payment's recording waits for the event's row lock, then the admin's delete does.
        await db.query('begin');
        await db.query('select id from events where id = $1 for update', [event._id]);
        const confirming = confirm(member, event._id, intentId).then((res) => res);
        await lockWaiters(db, 1);
        const deleting = t.http
          .delete(`/api/events/${event._id}`)
          .set(admin.auth)
          .then((res) => res);
        await lockWaiters(db, 2);
        await db.query('commit');
        const [confirmed, deleted] = await Promise.all([confirming, deleting]);
        // The payment got the lock first: it seats the member, so the delete is refused.
        expect(confirmed.status).toBe(200);
        expect(deleted.status).toBe(409);
        expect(deleted.body.code).toBe('EVENT_HAS_PAID_TICKETS');
        const { rows } = await db.query(
          'select event_id, status from event_tickets where payment_intent_id = $1',
          [intentId],
        );
        expect(rows).toEqual([{ event_id: event._id, status: 'paid' }]);
      } finally {
        await db.query('rollback').catch(() => undefined);
        await db.end();
      }
      // Cancelled, the ticket is refunded; then the event may go.
      await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
      expect(stripeApi.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
      await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
    });

    it('an edit saved while the event is being cancelled, or after, does not reopen sales', async () => {
      const event = await createEvent(t.http, admin, paid);
      const buyer = await pay(event._id);
      const late = await registerMember(t.http);
      // The cancellation is refunding (Stripe is slow) when a form loaded before it is saved.
      const gate = stripeApi.holdRefunds();
      const cancelling = t.http
        .post(`/api/events/${event._id}/cancel`)
        .set(admin.auth)
        .then((res) => res);
      try {
        await gate.reached;
        const reopen = await edit(event._id, { ...paid, isActive: true }).expect(409);
        expect(reopen.body).toMatchObject({
          code: 'EVENT_CANCELLED',
          msg: 'This event has been cancelled: it cannot be made active again',
        });
        // No ticket is sold while the refunds run.
        const sale = await t.http
          .post('/api/payments/create-payment-intent')
          .set(late.auth)
          .send({ eventId: event._id, ticketType: 'general' })
          .expect(409);
        expect(sale.body.code).toBe('EVENT_CANCELLED');
        await t.http
          .post(`/api/events/${event._id}/rsvp`)
          .set(late.auth)
          .send({ status: 'going' })
          .expect(409);
      } finally {
        gate.release();
      }
      const cancelled = await cancelling;
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.refundedTickets).toBe(1);
      expect(stripeApi.refunds.map((r) => r.payment_intent)).toContain(buyer.intentId);
      // After it too: reopening is refused; other changes are kept, the event stays closed.
      await edit(event._id, { ...paid, isActive: true }).expect(409);
      const renamed = await edit(event._id, {
        ...paid,
        title: 'Gala (cancelled)',
        isActive: false,
      }).expect(200);
      expect(renamed.body).toMatchObject({ title: 'Gala (cancelled)', isActive: false });
      expect(renamed.body.cancelledAt).toEqual(expect.any(String));
      await t.http
        .post('/api/payments/create-payment-intent')
        .set(late.auth)
        .send({ eventId: event._id, ticketType: 'general' })
        .expect(409);
    });

    it('cancelling again, or twice at once, emails the members once', async () => {
      const event = await createEvent(t.http, admin);
      const going = await registerMember(t.http);
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(going.auth)
        .send({ status: 'going' })
        .expect(200);
      const cancel = () => t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth);
      const twice = await Promise.all([cancel().then((r) => r), cancel().then((r) => r)]);
      expect(twice.map((res) => res.status)).toEqual([200, 200]);
      await cancel().expect(200);
      const notices = (await mailTo(going.user.email)).filter(
        (m) => m.template === 'eventCancelled',
      );
      expect(notices).toHaveLength(1);
    });
  });
});
