import { simpleParser } from 'mailparser';
import { createEvent } from './support/events';
import { loginAdmin, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { payingMember, STRIPE_KEYS } from './support/stripe';
import { StripeStandIn } from './support/stripe-stand-in';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 40, the refunded path of a cancellation: a member who paid and is going, the event
 * cancelled by an admin; the notification and the email (a real SMTP message) say the refund.
 */
describe('notifications: a paid ticket refunded by a cancellation', () => {
  const smtp = new SmtpSink();
  const stripeApi = new StripeStandIn();
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    await Promise.all([smtp.start(), stripeApi.start()]);
    t = await createTestApp({
      env: { ...STRIPE_KEYS, STRIPE_API_BASE: stripeApi.url, SMTP_URL: smtp.url },
    });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp.stop(), stripeApi.stop()]);
  });

  it('tells the member, in the page and by email in their language, that the ticket was refunded', async () => {
    const event = await createEvent(t.http, admin, {
      title: 'Refunded Gala',
      isFree: false,
      pricing: { general: { amount: 25 } },
    });
    const english = await payingMember(t.http, stripeApi, event._id);
    const amharic = await payingMember(t.http, stripeApi, event._id);
    await t.http
      .put('/api/users/me/language')
      .set(amharic.member.auth)
      .send({ language: 'am' })
      .expect(200);
    for (const { member } of [english, amharic]) {
      const detail = await t.http.get(`/api/events/${event._id}`).set(member.auth).expect(200);
      expect(detail.body.userStatus).toBe('going');
    }

    const cancelled = await t.http
      .post(`/api/events/${event._id}/cancel`)
      .set(admin.auth)
      .expect(200);
    expect(cancelled.body.refundedTickets).toBe(2);
    expect(stripeApi.refunds.map((refund) => refund.payment_intent).sort()).toEqual(
      [english.intentId, amharic.intentId].sort(),
    );

    for (const { member } of [english, amharic]) {
      const list = await t.http.get('/api/notifications').set(member.auth).expect(200);
      expect(list.body.unread).toBe(1);
      expect(list.body.notifications).toEqual([
        expect.objectContaining({
          kind: 'event_cancelled',
          link: `/events/${event._id}`,
          read: false,
          data: expect.objectContaining({ title: 'Refunded Gala', refunded: true }),
        }),
      ]);
    }

    const en = await simpleParser(
      (await smtp.waitForSubject(english.member.user.email, 'Cancelled: Refunded Gala')).raw,
    );
    expect(en.text).toContain('Your ticket has been refunded in full to your card.');
    // A cancellation with its refund is transactional: no unsubscribe.
    expect(en.headerLines.some((line) => line.key.startsWith('list-'))).toBe(false);
    const am = await simpleParser(
      (await smtp.waitForSubject(amharic.member.user.email, 'ተሰርዟል፦ Refunded Gala')).raw,
    );
    expect(am.headers.get('content-language')).toBe('am');
    expect(am.text).toContain('የትኬትዎ ክፍያ ሙሉ በሙሉ ወደ ካርድዎ ተመልሷል።');
    expect(am.headerLines.some((line) => line.key.startsWith('list-'))).toBe(false);
  });
});
