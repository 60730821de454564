import Stripe from 'stripe';
import { createEvent, eventForm, EventFields } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { sendWebhook } from './support/stripe';
import { StripeStandIn } from './support/stripe-stand-in';
import { createTestApp, TestApp } from './support/test-app';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
};
const PRICING = {
  general: { amount: 45, description: 'Dinner' },
  student: { amount: 25.5 },
  vip: { amount: 90, currency: 'eur' },
};

describe('payments: Stripe tickets against a local stand-in of the Stripe API', () => {
  let t: TestApp;
  let admin: Session;
  const stripeApi = new StripeStandIn();
  const signer = new Stripe(KEYS.STRIPE_SECRET_KEY);

  beforeAll(async () => {
    await stripeApi.start();
    t = await createTestApp({ env: { ...KEYS, STRIPE_API_BASE: stripeApi.url } });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.stop();
  });

  const paidEvent = (fields: Parameters<typeof createEvent>[2] = {}) =>
    createEvent(t.http, admin, { isFree: false, pricing: PRICING, ...fields });

  const startPayment = async (member: Session, eventId: string, ticketType = 'general') => {
    const res = await t.http
      .post('/api/payments/create-payment-intent')
      .set(member.auth)
      .send({ eventId, ticketType, amount: 1, currency: 'jpy' })
      .expect(200);
    return res.body as { clientSecret: string; paymentIntentId: string; amount: number };
  };

  const confirm = (member: Session, eventId: string, paymentIntentId: string) =>
    t.http
      .post('/api/payments/confirm-payment')
      .set(member.auth)
      .send({ eventId, paymentIntentId });

  const webhook = (payload: string, signature: string) =>
    t.http
      .post('/api/payments/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', signature)
      .send(payload);

  const succeededEvent = (intentId: string) =>
    JSON.stringify({
      id: `evt_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripeApi.intents.get(intentId) },
    });

  it('GET /api/payments/config gives the publishable key', async () => {
    const res = await t.http.get('/api/payments/config').expect(200);
    expect(res.body).toEqual({ enabled: true, publishableKey: 'pk_test_standin' });
  });

  it('GET /api/payments/events/:id/pricing gives prices by ticket type', async () => {
    const event = await paidEvent();
    const res = await t.http.get(`/api/payments/events/${event._id}/pricing`).expect(200);
    expect(res.body).toEqual({
      eventId: event._id,
      isFree: false,
      pricing: {
        general: { amount: 45, currency: 'usd', description: 'Dinner' },
        student: { amount: 25.5, currency: 'usd' },
        vip: { amount: 90, currency: 'eur' },
      },
    });
  });

  it('prices the intent on the server, never from the client', async () => {
    const event = await paidEvent();
    const member = await registerMember(t.http);
    const student = await startPayment(member, event._id, 'student');
    expect(student.clientSecret).toMatch(/^pi_.+_secret_/);
    const intent = stripeApi.intents.get(student.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 2550,
      currency: 'usd',
      metadata: { eventId: event._id, userId: member.user._id, ticketType: 'student' },
    });
    const vip = await startPayment(member, event._id, 'vip');
    expect(stripeApi.intents.get(vip.paymentIntentId)).toMatchObject({
      amount: 9000,
      currency: 'eur',
    });
    const guest = await t.http
      .post('/api/payments/create-payment-intent')
      .send({ eventId: event._id })
      .expect(401);
    expect(guest.body.code).toBe('UNAUTHORIZED');
  });

  it("prices spec 8's body (amount and currency, no ticket type) as the matching ticket type", async () => {
    const event = await paidEvent();
    const member = await registerMember(t.http);
    const intentFor = (body: Record<string, unknown>) =>
      t.http
        .post('/api/payments/create-payment-intent')
        .set(member.auth)
        .send({ eventId: event._id, ...body });
    const student = await intentFor({ amount: 25.5, currency: 'usd' }).expect(200);
    expect(student.body).toMatchObject({ amount: 2550, currency: 'usd', ticketType: 'student' });
    expect(stripeApi.intents.get(student.body.paymentIntentId)).toMatchObject({
      amount: 2550,
      currency: 'usd',
      metadata: { ticketType: 'student' },
    });
    const vip = await intentFor({ amount: 90, currency: 'EUR' }).expect(200);
    expect(stripeApi.intents.get(vip.body.paymentIntentId)).toMatchObject({
      amount: 9000,
      currency: 'eur',
      metadata: { ticketType: 'vip' },
    });
    // A sent ticket type still wins over the amount; the charge is always the server's price.
    const general = await intentFor({ ticketType: 'general', amount: 90, currency: 'eur' });
    expect(general.body).toMatchObject({ amount: 4500, currency: 'usd', ticketType: 'general' });

    const started = stripeApi.intents.size;
    for (const body of [
      { amount: 1, currency: 'usd' },
      { amount: 90, currency: 'usd' },
    ]) {
      const res = await intentFor(body).expect(400);
      const msg = 'Pricing information is not available for this ticket type.';
      expect(res.body).toEqual({
        statusCode: 400,
        msg,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'amount', msg, code: 'NOT_ALLOWED' }],
      });
    }
    const wrong = await intentFor({ amount: '45', currency: 5 }).expect(400);
    expect(wrong.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'amount',
      'currency',
    ]);
    expect(stripeApi.intents.size).toBe(started);
  });

  it('refuses intents for free events and unknown ticket types', async () => {
    const member = await registerMember(t.http);
    const free = await createEvent(t.http, admin);
    const res = await t.http
      .post('/api/payments/create-payment-intent')
      .set(member.auth)
      .send({ eventId: free._id })
      .expect(409);
    expect(res.body.code).toBe('EVENT_IS_FREE');
    const onlyGeneral = await paidEvent({ pricing: { general: { amount: 10 } } });
    const missing = await t.http
      .post('/api/payments/create-payment-intent')
      .set(member.auth)
      .send({ eventId: onlyGeneral._id, ticketType: 'vip' })
      .expect(400);
    expect(missing.body.msg).toBe('Pricing information is not available for this ticket type.');
  });

  it('confirms a succeeded payment once: ticket and Going recorded, replays change nothing', async () => {
    const event = await paidEvent({ maxAttendees: 5 });
    const member = await registerMember(t.http);
    // Going without a ticket is refused.
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'going' })
      .expect(402);
    const { paymentIntentId } = await startPayment(member, event._id);

    const early = await confirm(member, event._id, paymentIntentId).expect(409);
    expect(early.body.code).toBe('PAYMENT_NOT_SUCCEEDED');

    stripeApi.succeed(paymentIntentId);
    const first = await confirm(member, event._id, paymentIntentId).expect(200);
    expect(first.body).toMatchObject({
      status: 'going',
      newlyRecorded: true,
      ticket: {
        eventId: event._id,
        ticketType: 'general',
        amount: 45,
        currency: 'usd',
        status: 'paid',
      },
    });
    const replays = await Promise.all(
      [1, 2, 3].map(() => confirm(member, event._id, paymentIntentId)),
    );
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replays.every((r) => r.body.newlyRecorded === false)).toBe(true);
    expect(replays[0].body.ticket._id).toBe(first.body.ticket._id);

    const detail = await t.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
    expect(detail.body).toMatchObject({ goingCount: 1, userStatus: 'going' });

    // With a ticket, the member may step back to maybe and come back to going.
    const rsvp = `/api/events/${event._id}/rsvp`;
    await t.http.post(rsvp).set(member.auth).send({ status: 'maybe' }).expect(200);
    const again = await t.http.post(rsvp).set(member.auth).send({ status: 'going' }).expect(200);
    expect(again.body).toMatchObject({ status: 'going', goingCount: 1 });
  });

  it("refuses to confirm someone else's payment or another event", async () => {
    const event = await paidEvent();
    const other = await paidEvent();
    const owner = await registerMember(t.http);
    const thief = await registerMember(t.http);
    const { paymentIntentId } = await startPayment(owner, event._id);
    stripeApi.succeed(paymentIntentId);
    const stolen = await confirm(thief, event._id, paymentIntentId).expect(403);
    expect(stolen.body.code).toBe('PAYMENT_MISMATCH');
    await confirm(owner, other._id, paymentIntentId).expect(403);
    const unknown = await confirm(owner, event._id, 'pi_does_not_exist').expect(404);
    expect(unknown.body.msg).toBe('The payment was not found');
  });

  it('records a signed webhook once and rejects a tampered one', async () => {
    const event = await paidEvent();
    const member = await registerMember(t.http);
    const { paymentIntentId } = await startPayment(member, event._id, 'vip');
    stripeApi.succeed(paymentIntentId);
    const payload = succeededEvent(paymentIntentId);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
    });

    const tampered = payload.replace('"amount":9000', '"amount":1');
    const bad = await webhook(tampered, header).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
    await webhook(payload, 'nonsense').expect(400);
    let detail = await t.http.get(`/api/events/${event._id}`).expect(200);
    expect(detail.body.goingCount).toBe(0);

    const ok = await webhook(payload, header).expect(200);
    expect(ok.body).toEqual({ received: true });
    await webhook(payload, header).expect(200);
    detail = await t.http.get(`/api/events/${event._id}`).expect(200);
    expect(detail.body.goingCount).toBe(1);
    expect(detail.body.attendees).toEqual([
      { user: { _id: member.user._id, name: member.user.name }, status: 'going' },
    ]);
    // The client's own confirmation afterwards is a replay.
    const late = await confirm(member, event._id, paymentIntentId).expect(200);
    expect(late.body).toMatchObject({
      newlyRecorded: false,
      ticket: { amount: 90, currency: 'eur' },
    });
  });

  it('refunds once when the event was deleted while the member was paying', async () => {
    const event = await paidEvent();
    const member = await registerMember(t.http);
    const { paymentIntentId } = await startPayment(member, event._id);
    stripeApi.succeed(paymentIntentId);
    await t.http.delete(`/api/events/${event._id}`).set(admin.auth).expect(200);
    const refundsBefore = stripeApi.refunds.length;
    for (let i = 0; i < 2; i++) {
      const res = await confirm(member, event._id, paymentIntentId).expect(409);
      expect(res.body.code).toBe('EVENT_GONE_REFUNDED');
    }
    const payload = succeededEvent(paymentIntentId);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.STRIPE_WEBHOOK_SECRET,
    });
    await webhook(payload, header).expect(200);
    expect(stripeApi.refunds.slice(refundsBefore)).toEqual([
      { id: expect.any(String), payment_intent: paymentIntentId },
    ]);
  });

  it('refunds instead of overfilling when the last seat went while paying', async () => {
    const event = await paidEvent({ maxAttendees: 1 });
    const [first, second] = [await registerMember(t.http), await registerMember(t.http)];
    const a = await startPayment(first, event._id);
    const b = await startPayment(second, event._id);
    stripeApi.succeed(a.paymentIntentId);
    stripeApi.succeed(b.paymentIntentId);
    await confirm(first, event._id, a.paymentIntentId).expect(200);
    const lost = await confirm(second, event._id, b.paymentIntentId).expect(409);
    expect(lost.body).toMatchObject({
      code: 'EVENT_FULL_REFUNDED',
      msg: 'The event filled up before your payment completed. Your payment has been refunded.',
    });
    const refunds = () => stripeApi.refunds.filter((r) => r.payment_intent === b.paymentIntentId);
    expect(refunds()).toHaveLength(1);
    await confirm(second, event._id, b.paymentIntentId).expect(409);
    expect(refunds()).toHaveLength(1);
    const detail = await t.http.get(`/api/events/${event._id}`).expect(200);
    expect(detail.body.goingCount).toBe(1);
    const full = await t.http
      .post('/api/payments/create-payment-intent')
      .set(second.auth)
      .send({ eventId: event._id })
      .expect(409);
    expect(full.body.code).toBe('EVENT_FULL');
  });

  describe('one ticket per member and answers from the real state', () => {
    const rsvp = (member: Session, eventId: string, status: string) =>
      t.http.post(`/api/events/${eventId}/rsvp`).set(member.auth).send({ status });

    const statusOf = async (member: Session, eventId: string) =>
      (await t.http.get(`/api/events/${eventId}`).set(member.auth).expect(200)).body as {
        goingCount: number;
        waitlistCount: number;
        userStatus: string | null;
      };

    const myTickets = async (member: Session) =>
      (await t.http.get('/api/payments/tickets').set(member.auth).expect(200)).body as Array<{
        status: string;
      }>;

    const refundsOf = (paymentIntentId: string) =>
      stripeApi.refunds.filter((refund) => refund.payment_intent === paymentIntentId);

    /** A member who paid for a ticket and was seated by its confirmation. */
    const buyer = async (eventId: string) => {
      const member = await registerMember(t.http);
      const { paymentIntentId } = await startPayment(member, eventId);
      stripeApi.succeed(paymentIntentId);
      await confirm(member, eventId, paymentIntentId).expect(200);
      return { member, paymentIntentId };
    };

    const edit = (eventId: string, fields: EventFields) => {
      let request = t.http.put(`/api/events/${eventId}`).set(admin.auth);
      for (const [name, value] of Object.entries(eventForm(fields))) {
        request = request.field(name, value);
      }
      return request.expect(200);
    };

    it('refuses a second payment to a ticket holder; their Going is a plain answer', async () => {
      const event = await paidEvent({ maxAttendees: 5 });
      const { member } = await buyer(event._id);
      const intents = stripeApi.intents.size;
      const held = {
        statusCode: 409,
        code: 'TICKET_ALREADY_HELD',
        msg: 'You already have a paid ticket for this event: choose Going to use it',
      };
      // Going, maybe or not going: the ticket stays theirs and no second charge is started.
      for (const status of ['going', 'maybe', 'not going']) {
        if (status !== 'going') await rsvp(member, event._id, status).expect(200);
        const again = await t.http
          .post('/api/payments/create-payment-intent')
          .set(member.auth)
          .send({ eventId: event._id, ticketType: 'vip' })
          .expect(409);
        expect(again.body).toEqual(held);
      }
      expect(stripeApi.intents.size).toBe(intents);
      const back = await rsvp(member, event._id, 'going').expect(200);
      expect(back.body).toMatchObject({ status: 'going', goingCount: 1 });
      expect(await myTickets(member)).toEqual([expect.objectContaining({ status: 'paid' })]);
    });

    it('refunds a second payment for a seat already bought (two payments started together)', async () => {
      const event = await paidEvent({ maxAttendees: 5 });
      const member = await registerMember(t.http);
      const first = await startPayment(member, event._id);
      const second = await startPayment(member, event._id);
      stripeApi.succeed(first.paymentIntentId);
      stripeApi.succeed(second.paymentIntentId);
      await confirm(member, event._id, first.paymentIntentId).expect(200);
      for (let i = 0; i < 2; i++) {
        const twice = await confirm(member, event._id, second.paymentIntentId).expect(409);
        expect(twice.body).toEqual({
          statusCode: 409,
          code: 'DUPLICATE_TICKET_REFUNDED',
          msg: 'You already had a paid ticket for this event. This second payment has been refunded.',
        });
      }
      expect(refundsOf(second.paymentIntentId)).toHaveLength(1);
      expect(refundsOf(first.paymentIntentId)).toHaveLength(0);
      expect((await myTickets(member)).map((ticket) => ticket.status).sort()).toEqual([
        'paid',
        'refunded',
      ]);
      expect(await statusOf(member, event._id)).toMatchObject({
        goingCount: 1,
        userStatus: 'going',
      });
    });

    it('a refund that failed is retried by the next confirm, which never reports a seat', async () => {
      const event = await paidEvent({ maxAttendees: 1 });
      const member = await registerMember(t.http);
      // Both start paying for the last seat; the other buyer's payment is recorded first.
      const { paymentIntentId } = await startPayment(member, event._id);
      await buyer(event._id);
      stripeApi.succeed(paymentIntentId);
      stripeApi.failRefunds(1);
      const outage = await confirm(member, event._id, paymentIntentId).expect(502);
      expect(outage.body.code).toBe('STRIPE_ERROR');
      expect(refundsOf(paymentIntentId)).toHaveLength(0);
      // The payment that lost the seat does not admit while its refund is owed.
      await rsvp(member, event._id, 'going').expect(402);

      for (let i = 0; i < 2; i++) {
        const again = await confirm(member, event._id, paymentIntentId).expect(409);
        expect(again.body).toMatchObject({
          code: 'EVENT_FULL_REFUNDED',
          msg: 'The event filled up before your payment completed. Your payment has been refunded.',
        });
      }
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await myTickets(member)).toEqual([expect.objectContaining({ status: 'refunded' })]);
      expect(await statusOf(member, event._id)).toMatchObject({
        goingCount: 1,
        userStatus: null,
      });
    });

    it('a confirm overlapping the webhook that could not seat the payment is no success', async () => {
      const event = await paidEvent({ maxAttendees: 1 });
      const member = await registerMember(t.http);
      const { paymentIntentId } = await startPayment(member, event._id);
      await buyer(event._id);
      stripeApi.succeed(paymentIntentId);
      const notice = stripeApi.intents.get(paymentIntentId) as unknown as Record<string, unknown>;
      // The webhook records the payment on the full event, then its refund fails: Stripe retries.
      stripeApi.failRefunds(1);
      await sendWebhook(t.http, 'payment_intent.succeeded', notice).expect(502);
      // The member's own confirmation meanwhile: the refund is made, the answer says so.
      const res = await confirm(member, event._id, paymentIntentId).expect(409);
      expect(res.body.code).toBe('EVENT_FULL_REFUNDED');
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      // Stripe's retry of the notice changes nothing and refunds nothing twice.
      await sendWebhook(t.http, 'payment_intent.succeeded', notice).expect(200);
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect((await statusOf(member, event._id)).userStatus).toBeNull();
    });

    it('a replayed confirm says what the ticket does now: no success without a seat', async () => {
      const event = await paidEvent();
      const { member, paymentIntentId } = await buyer(event._id);
      await rsvp(member, event._id, 'maybe').expect(200);
      const stepped = await confirm(member, event._id, paymentIntentId).expect(409);
      expect(stepped.body.code).toBe('TICKET_ALREADY_HELD');
      // The ticket still admits: nothing was refunded.
      expect(refundsOf(paymentIntentId)).toHaveLength(0);
      await rsvp(member, event._id, 'going').expect(200);
      expect((await confirm(member, event._id, paymentIntentId).expect(200)).body).toMatchObject({
        status: 'going',
        newlyRecorded: false,
      });

      await sendWebhook(t.http, 'charge.dispute.created', {
        id: `dp_${paymentIntentId}`,
        object: 'dispute',
        payment_intent: paymentIntentId,
      }).expect(200);
      const disputed = await confirm(member, event._id, paymentIntentId).expect(409);
      expect(disputed.body).toEqual({
        statusCode: 409,
        code: 'PAYMENT_DISPUTED',
        msg: 'This payment is disputed with your bank: its ticket no longer admits',
      });
    });

    it('refunds a payment that completes after the event was cancelled', async () => {
      const event = await paidEvent();
      const member = await registerMember(t.http);
      const { paymentIntentId } = await startPayment(member, event._id);
      await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
      stripeApi.succeed(paymentIntentId);
      for (let i = 0; i < 2; i++) {
        const res = await confirm(member, event._id, paymentIntentId).expect(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'EVENT_CLOSED_REFUNDED',
          msg: 'This event has been cancelled or closed. Your payment has been refunded.',
        });
      }
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await statusOf(member, event._id)).toMatchObject({
        goingCount: 0,
        userStatus: null,
      });
    });

    it('a paid event seats from its waitlist only members who hold a ticket', async () => {
      // Free at first: one seat, one member going and one waiting.
      const event = await createEvent(t.http, admin, { maxAttendees: 1 });
      const [early, waiting] = [await registerMember(t.http), await registerMember(t.http)];
      await rsvp(early, event._id, 'going').expect(200);
      expect((await rsvp(waiting, event._id, 'going').expect(200)).body.status).toBe('waitlisted');

      // Switched to paid with a second seat: the waiting member bought nothing, so stays waiting.
      const paid = { isFree: false, pricing: PRICING, maxAttendees: 2 };
      await edit(event._id, paid);
      expect(await statusOf(waiting, event._id)).toMatchObject({
        goingCount: 1,
        waitlistCount: 1,
        userStatus: 'waitlisted',
      });

      // A buyer takes the seat; stepping back frees it, and still nobody is seated unpaid.
      const holder = await buyer(event._id);
      await rsvp(holder.member, event._id, 'maybe').expect(200);
      expect((await statusOf(waiting, event._id)).userStatus).toBe('waitlisted');
      await buyer(event._id);
      // The holder asks for the seat back on the full event and waits, behind the unpaid member.
      expect((await rsvp(holder.member, event._id, 'going').expect(200)).body.status).toBe(
        'waitlisted',
      );

      // A seat frees: it goes to the waiting ticket holder, not to the longer-waiting unpaid member.
      await rsvp(early, event._id, 'not going').expect(200);
      expect(await statusOf(holder.member, event._id)).toMatchObject({
        goingCount: 2,
        waitlistCount: 1,
        userStatus: 'going',
      });
      expect((await statusOf(waiting, event._id)).userStatus).toBe('waitlisted');
    });
  });
});
