import Stripe from 'stripe';
import { createEvent } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
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
});
