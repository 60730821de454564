import { createEvent } from './support/events';
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
});
