import { createEvent } from './support/events';
import { loginAdmin, registerMember } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

describe('payments without Stripe keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says payments are off and answers 503 STRIPE_NOT_CONFIGURED', async () => {
    const config = await t.http.get('/api/payments/config').expect(200);
    expect(config.body).toEqual({ enabled: false, publishableKey: null });
    const admin = await loginAdmin(t.http);
    const member = await registerMember(t.http);
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 10 } },
    });
    const calls = [
      t.http
        .post('/api/payments/create-payment-intent')
        .set(member.auth)
        .send({ eventId: event._id }),
      t.http
        .post('/api/payments/confirm-payment')
        .set(member.auth)
        .send({ eventId: event._id, paymentIntentId: 'pi_x' }),
      t.http
        .post('/api/payments/webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', 't=1,v1=x')
        .send('{}'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'STRIPE_NOT_CONFIGURED' });
      expect(res.body.msg).toBe(
        'Payment processing is not configured. Please contact the administrator to set up the card payment provider.',
      );
    }
    // Pricing is event data and still answers, so the dialog can show prices.
    await t.http.get(`/api/payments/events/${event._id}/pricing`).expect(200);
  });
});
