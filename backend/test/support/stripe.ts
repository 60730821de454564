import Stripe from 'stripe';
import type TestAgent from 'supertest/lib/agent';
import { loginAdmin, registerMember, Session } from './factories';
import { StripeStandIn } from './stripe-stand-in';
import { createTestApp, TestApp } from './test-app';

/** Test keys: the stand-in accepts any; the webhook secret signs the test notices. */
export const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
};

/** Starts the Stripe stand-in and an app that pays through it; signs the admin in. */
export async function startStripeApp(
  stripeApi: StripeStandIn,
): Promise<{ t: TestApp; admin: Session }> {
  await stripeApi.start();
  const t = await createTestApp({ env: { ...STRIPE_KEYS, STRIPE_API_BASE: stripeApi.url } });
  return { t, admin: await loginAdmin(t.http) };
}

export async function stopStripeApp(t: TestApp, stripeApi: StripeStandIn): Promise<void> {
  await t.close();
  await stripeApi.stop();
}

/** A new member who bought a general ticket and confirmed it: going. */
export async function payingMember(
  http: TestAgent,
  stripeApi: StripeStandIn,
  eventId: string,
): Promise<{ member: Session; intentId: string }> {
  const member = await registerMember(http);
  const intent = await http
    .post('/api/payments/create-payment-intent')
    .set(member.auth)
    .send({ eventId, ticketType: 'general' })
    .expect(200);
  stripeApi.succeed(intent.body.paymentIntentId);
  await http
    .post('/api/payments/confirm-payment')
    .set(member.auth)
    .send({ eventId, paymentIntentId: intent.body.paymentIntentId })
    .expect(200);
  return { member, intentId: intent.body.paymentIntentId };
}

const signer = new Stripe(STRIPE_KEYS.STRIPE_SECRET_KEY);

/** Posts a Stripe webhook notice, signed as Stripe would sign it. */
export function sendWebhook(http: TestAgent, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${type}_${String(object.id)}`,
    object: 'event',
    type,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_KEYS.STRIPE_WEBHOOK_SECRET,
  });
  return http
    .post('/api/payments/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', header)
    .send(payload);
}
