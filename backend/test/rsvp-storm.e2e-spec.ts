import { sql } from 'drizzle-orm';
import { AuthUser } from '../src/common/auth/auth.decorators';
import { RsvpService } from '../src/modules/events/rsvp.service';
import { MailRepository } from '../src/modules/mail/mail.repository';
import { MailTemplates, renderMail } from '../src/modules/mail/mail.templates';
import { createEvent } from './support/events';
import { appWithMail, closeWithMail, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';

/**
 * The RSVP storm in small (issue 38, ADR 0070): many members answer Going at once to one event of
 * few seats, on PostgreSQL. Going answers are decided in batches; the seats must stay exact, every
 * answer arrive (no 5xx), and the waitlist keep the order in which the answers came.
 */
describe('RSVP storm: many Going answers at once to a small event', () => {
  let t: TestApp;
  let admin: Session;
  const smtp = new SmtpSink();
  let members: Session[];

  beforeAll(async () => {
    ({ t, admin } = await appWithMail(smtp));
    members = await Promise.all(Array.from({ length: 30 }, () => registerMember(t.http)));
  });
  afterAll(() => closeWithMail(t, smtp));

  const held = async (eventId: string) => {
    const result = await t.database.db.execute(
      sql`SELECT user_id, status FROM event_attendees WHERE event_id = ${eventId}
          ORDER BY status_changed_at, user_id`,
    );
    const rows = (result as unknown as { rows: Array<{ user_id: string; status: string }> }).rows;
    const counted = await t.database.db.execute(
      sql`SELECT going_count FROM events WHERE id = ${eventId}`,
    );
    const goingCount = (counted as unknown as { rows: Array<{ going_count: number }> }).rows[0]
      .going_count;
    return { rows, goingCount };
  };

  it('over HTTP: every answer arrives, exactly the seats are given, the rest wait', async () => {
    const event = await createEvent(t.http, admin, { title: 'Storm night', maxAttendees: 7 });
    const url = `/api/events/${event._id}/rsvp`;
    const outbox = t.app.get(MailRepository);
    const recorded = jest.spyOn(outbox, 'create');
    const answers = await Promise.all(
      members.map((member) => t.http.post(url).set(member.auth).send({ status: 'going' })),
    );
    const statements = recorded.mock.calls.map(([rows]) => rows.length);
    recorded.mockRestore();
    expect(answers.map((res) => res.status)).toEqual(members.map(() => 200));
    // A batch's confirmations are recorded in one statement, fewer statements than answers.
    expect(statements.length).toBeLessThan(members.length);
    expect(statements.reduce((sum, rows) => sum + rows, 0)).toBe(members.length);
    const going = answers.filter((res) => res.body.status === 'going');
    const waiting = answers.filter((res) => res.body.status === 'waitlisted');
    expect(going).toHaveLength(7);
    expect(waiting).toHaveLength(23);
    // Each seat was counted once: the counts the seated members were told are 1..7.
    expect(going.map((res) => res.body.goingCount).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(waiting.every((res) => res.body.goingCount === 7)).toBe(true);
    const db = await held(event._id);
    expect(db.goingCount).toBe(7);
    const heldBy = (status: string) =>
      db.rows.filter((r) => r.status === status).map((r) => r.user_id);
    const toldBy = (status: string) =>
      members.filter((_, i) => answers[i].body.status === status).map((m) => m.user._id);
    expect(heldBy('going').sort()).toEqual(toldBy('going').sort());
    expect(heldBy('waitlisted').sort()).toEqual(toldBy('waitlisted').sort());
    // Every seat was given before the first member was waitlisted.
    const firstWaiting = db.rows.findIndex((r) => r.status === 'waitlisted');
    expect(db.rows.slice(0, firstWaiting).every((r) => r.status === 'going')).toBe(true);
    expect(firstWaiting).toBe(7);

    // Each member's own confirmation: their answer, their own ticket and the event's calendar
    // file when seated, the subject as the email is written.
    const confirmations = (await outbox.latest(500)).filter(
      (m) => m.template === 'rsvpConfirmation' && m.payload.eventTitle === 'Storm night',
    );
    expect(confirmations).toHaveLength(members.length);
    const tickets = new Set<unknown>();
    for (const [i, member] of members.entries()) {
      const [mine, ...more] = confirmations.filter((m) => m.to === member.user.email);
      expect(more).toHaveLength(0);
      expect(mine.payload).toMatchObject({
        name: member.user.name,
        status: answers[i].body.status,
      });
      expect(mine.subject).toBe(
        renderMail('rsvpConfirmation', mine.payload as MailTemplates['rsvpConfirmation']).subject,
      );
      if (answers[i].body.status === 'going') {
        tickets.add(mine.payload.ticketCode);
        expect(mine.payload.calendar).toMatchObject({
          content: expect.stringContaining('BEGIN:VEVENT'),
        });
      } else {
        expect(mine.payload.ticketCode).toBeUndefined();
      }
    }
    expect(tickets.size).toBe(7);

    // Answering Going again changes nothing and writes no second email.
    const again = await t.http.post(url).set(members[0].auth).send({ status: 'going' }).expect(200);
    expect(again.body.status).toBe(answers[0].body.status);
    expect((await held(event._id)).goingCount).toBe(7);
  });

  it('in the order the answers came: the first are seated, the waitlist keeps their order', async () => {
    const event = await createEvent(t.http, admin, { title: 'Ordered night', maxAttendees: 4 });
    const rsvps = t.app.get(RsvpService);
    const caller = (member: Session): AuthUser => ({
      id: member.user._id,
      role: 'member',
      name: member.user.name,
      email: member.user.email,
      emailVerified: true,
      profileComplete: true,
    });
    // Submitted in this order in one tick: the first starts a batch, the rest queue behind it in
    // order and go together in the next; each decided as if one by one.
    const answers = await Promise.all(
      members.map((member) => rsvps.rsvp(event._id, caller(member), { status: 'going' })),
    );
    expect(answers.map((a) => a.status)).toEqual(
      members.map((_, i) => (i < 4 ? 'going' : 'waitlisted')),
    );
    expect(answers.slice(0, 4).map((a) => a.goingCount)).toEqual([1, 2, 3, 4]);
    const db = await held(event._id);
    expect(db.goingCount).toBe(4);
    expect(db.rows.map((r) => r.user_id)).toEqual(members.map((m) => m.user._id));

    // A freed seat goes to the head of the waitlist: the fifth to answer.
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(members[1].auth)
      .send({ status: 'not going' })
      .expect(200);
    const after = await held(event._id);
    expect(after.goingCount).toBe(4);
    const fifth = after.rows.find((r) => r.user_id === members[4].user._id);
    expect(fifth?.status).toBe('going');
    // Told in the same transaction: the promotion email is in the outbox.
    const outbox = await t.app.get(MailRepository).latest(500);
    expect(
      outbox.filter((m) => m.template === 'waitlistPromotion' && m.to === members[4].user.email),
    ).toHaveLength(1);
  });

  it('a paid event: only the members without a ticket are refused, the batch goes on', async () => {
    const paid = await createEvent(t.http, admin, {
      isFree: false,
      maxAttendees: 5,
      pricing: { general: { amount: 20 } },
    });
    const answers = await Promise.all(
      members
        .slice(0, 6)
        .map((member) =>
          t.http.post(`/api/events/${paid._id}/rsvp`).set(member.auth).send({ status: 'going' }),
        ),
    );
    expect(answers.map((res) => res.status)).toEqual([402, 402, 402, 402, 402, 402]);
    expect(answers.every((res) => res.body.code === 'TICKET_REQUIRED')).toBe(true);
    expect((await held(paid._id)).rows).toEqual([]);
    const missing = await t.http
      .post('/api/events/00000000-0000-4000-8000-000000000000/rsvp')
      .set(members[0].auth)
      .send({ status: 'going' })
      .expect(404);
    expect(missing.body.msg).toBe('Event not found');
  });
});
