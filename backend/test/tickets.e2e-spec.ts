import { createEvent } from './support/events';
import { registerMember, Session } from './support/factories';
import { payingMember, sendWebhook, startStripeApp, stopStripeApp } from './support/stripe';
import { StripeStandIn } from './support/stripe-stand-in';
import { TestApp } from './support/test-app';

/** Issue 39: entry tickets with signed codes, the door's check-in, offline sync, door staff, CSV. */
describe('tickets and door check-in', () => {
  let t: TestApp;
  let admin: Session;
  const stripeApi = new StripeStandIn();

  beforeAll(async () => ({ t, admin } = await startStripeApp(stripeApi)));
  afterAll(() => stopStripeApp(t, stripeApi));

  interface EntryTicket {
    eventId: string;
    code: string;
    holderName: string;
    ticketType: string;
    timeZone: string;
    checkedInAt: string | null;
  }

  const going = async (eventId: string, member?: Session) => {
    const who = member ?? (await registerMember(t.http));
    await t.http
      .post(`/api/events/${eventId}/rsvp`)
      .set(who.auth)
      .send({ status: 'going' })
      .expect(200);
    return who;
  };
  const ticketOf = async (member: Session, eventId: string): Promise<EntryTicket> => {
    const tickets = (await t.http.get('/api/tickets').set(member.auth).expect(200))
      .body as EntryTicket[];
    const ticket = tickets.find((x) => x.eventId === eventId);
    if (!ticket) throw new Error(`no ticket for ${eventId}`);
    return ticket;
  };
  const checkIn = (eventId: string, door: Session, code: string) =>
    t.http.post(`/api/events/${eventId}/check-ins`).set(door.auth).send({ code });

  it('every going member of a free event has a ticket with a signed code, only on their own list', async () => {
    const event = await createEvent(t.http, admin, { title: 'Free gala' });
    const member = await going(event._id);
    const other = await registerMember(t.http);
    const ticket = await ticketOf(member, event._id);
    expect(ticket).toMatchObject({
      holderName: member.user.name,
      ticketType: 'general',
      timeZone: 'America/Toronto',
      checkedInAt: null,
    });
    expect(ticket.code).toMatch(/^DT1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
    expect(ticket.code).not.toContain(member.user._id);
    expect((await t.http.get('/api/tickets').set(other.auth).expect(200)).body).toEqual([]);
    await t.http.get('/api/tickets').expect(401);
  });

  it('admits once: the second scan says when and by whom; the counts move', async () => {
    const event = await createEvent(t.http, admin);
    const member = await going(event._id);
    await going(event._id);
    const { code } = await ticketOf(member, event._id);
    const first = await checkIn(event._id, admin, code).expect(200);
    expect(first.body).toMatchObject({
      result: 'checked_in',
      attendee: { userId: member.user._id, name: member.user.name, ticketType: 'general' },
      checkedInBy: 'Admin',
      counts: { checkedIn: 1, going: 2 },
    });
    const again = await checkIn(event._id, admin, code).expect(200);
    expect(again.body).toMatchObject({
      result: 'already_checked_in',
      checkedInAt: first.body.checkedInAt,
      checkedInBy: 'Admin',
      counts: { checkedIn: 1, going: 2 },
    });
    expect((await ticketOf(member, event._id)).checkedInAt).toBe(first.body.checkedInAt);
    const counts = await t.http.get(`/api/events/${event._id}/door/counts`).set(admin.auth);
    expect(counts.body).toEqual({ checkedIn: 1, going: 2 });
  });

  it('refuses forged, altered and foreign codes; a code of another event is the wrong event', async () => {
    const event = await createEvent(t.http, admin);
    const other = await createEvent(t.http, admin, { title: 'Another night' });
    const member = await going(event._id);
    await going(other._id, member);
    const { code } = await ticketOf(member, event._id);
    const [prefix, body, mac] = code.split('.');
    const flip = (text: string) => text.slice(0, 5) + (text[5] === 'A' ? 'B' : 'A') + text.slice(6);
    for (const forged of [
      `${prefix}.${body}.${flip(mac)}`,
      `${prefix}.${flip(body)}.${mac}`,
      `DT2.${body}.${mac}`,
      member.user._id,
      'hello',
    ]) {
      const answer = await checkIn(event._id, admin, forged).expect(200);
      expect(answer.body).toMatchObject({ result: 'unknown_code' });
      expect(answer.body.attendee).toBeUndefined();
    }
    const wrong = await checkIn(other._id, admin, code).expect(200);
    expect(wrong.body).toMatchObject({
      result: 'wrong_event',
      ticketEventTitle: 'Community Evening',
    });
    // Nothing above admitted anybody.
    expect((await checkIn(event._id, admin, code).expect(200)).body.result).toBe('checked_in');
    const empty = await checkIn(event._id, admin, '').expect(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.any(String) });
    expect(empty.body.errors[0]).toMatchObject({ field: 'code' });
  });

  it('two doors scanning one ticket at once admit it exactly once', async () => {
    const event = await createEvent(t.http, admin);
    const staff = await registerMember(t.http);
    await t.http
      .post(`/api/events/${event._id}/door-staff`)
      .set(admin.auth)
      .send({ email: staff.user.email })
      .expect(200);
    const member = await going(event._id);
    const { code } = await ticketOf(member, event._id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => checkIn(event._id, i % 2 ? admin : staff, code)),
    );
    const results = answers.map((a) => a.body.result as string);
    expect(results.filter((r) => r === 'checked_in')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_checked_in')).toHaveLength(11);
    const by = new Set(answers.map((a) => `${a.body.checkedInAt} ${a.body.checkedInBy}`));
    expect(by.size).toBe(1);
  });

  it('a ticket refunded after check-in says refunded at the door and leaves the count', async () => {
    const event = await createEvent(t.http, admin, {
      isFree: false,
      pricing: { general: { amount: 25 } },
    });
    const { member, intentId } = await payingMember(t.http, stripeApi, event._id);
    const { code, ticketType } = await ticketOf(member, event._id);
    expect(ticketType).toBe('general');
    expect((await checkIn(event._id, admin, code).expect(200)).body.result).toBe('checked_in');
    await sendWebhook(t.http, 'charge.refunded', {
      id: 'ch_door_refund',
      object: 'charge',
      refunded: true,
      payment_intent: intentId,
    }).expect(200);
    const after = await checkIn(event._id, admin, code).expect(200);
    expect(after.body).toMatchObject({
      result: 'refunded',
      checkedInAt: expect.any(String),
      counts: { checkedIn: 0, going: 0 },
    });
    const list = await t.http.get(`/api/events/${event._id}/door`).set(admin.auth).expect(200);
    expect(list.body.attendees).toEqual([
      expect.objectContaining({ userId: member.user._id, state: 'refunded', amount: 25 }),
    ]);
    // The member's My tickets no longer offers the refunded ticket.
    expect((await t.http.get('/api/tickets').set(member.auth).expect(200)).body).toEqual([]);
  });

  it('a member who is no longer going, and a cancelled event, are refused', async () => {
    const event = await createEvent(t.http, admin);
    const member = await going(event._id);
    const { code } = await ticketOf(member, event._id);
    await t.http
      .post(`/api/events/${event._id}/rsvp`)
      .set(member.auth)
      .send({ status: 'not going' })
      .expect(200);
    expect((await checkIn(event._id, admin, code).expect(200)).body.result).toBe('not_going');
    const other = await going(event._id);
    const otherCode = (await ticketOf(other, event._id)).code;
    await t.http.post(`/api/events/${event._id}/cancel`).set(admin.auth).expect(200);
    expect((await checkIn(event._id, admin, otherCode).expect(200)).body.result).toBe(
      'event_cancelled',
    );
  });

  it('door staff check in at their event only; nobody else may; naming them is audited', async () => {
    const event = await createEvent(t.http, admin, { title: 'Staffed night' });
    const elsewhere = await createEvent(t.http, admin);
    const staff = await registerMember(t.http);
    const member = await going(event._id);
    const { code } = await ticketOf(member, event._id);
    await checkIn(event._id, staff, code).expect(403);
    await t.http.get(`/api/events/${event._id}/door`).set(staff.auth).expect(403);
    await checkIn(event._id, member, code).expect(403);
    await t.http.post(`/api/events/${event._id}/check-ins`).send({ code }).expect(401);

    await t.http
      .post(`/api/events/${event._id}/door-staff`)
      .set(staff.auth)
      .send({ email: member.user.email })
      .expect(403);
    const unknown = await t.http
      .post(`/api/events/${event._id}/door-staff`)
      .set(admin.auth)
      .send({ email: 'nobody-here@example.com' })
      .expect(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'email' });
    const named = await t.http
      .post(`/api/events/${event._id}/door-staff`)
      .set(admin.auth)
      .send({ email: staff.user.email })
      .expect(200);
    expect(named.body).toEqual([
      expect.objectContaining({ userId: staff.user._id, email: staff.user.email }),
    ]);
    const doorEvents = await t.http.get('/api/events/door-events').set(staff.auth).expect(200);
    expect(doorEvents.body.map((e: { id: string }) => e.id)).toEqual([event._id]);
    expect((await checkIn(event._id, staff, code).expect(200)).body).toMatchObject({
      result: 'checked_in',
      checkedInBy: staff.user.name,
    });
    await checkIn(elsewhere._id, staff, code).expect(403);
    await t.http.get(`/api/events/${event._id}/attendees.csv`).set(staff.auth).expect(403);
    await t.http.get(`/api/events/${event._id}/door-staff`).set(staff.auth).expect(403);

    const audit = await t.http
      .get(`/api/admin/audit?action=DOOR_STAFF_ADDED&targetId=${staff.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'DOOR_STAFF_ADDED',
      details: { event: 'Staffed night', eventId: event._id },
    });
    await t.http
      .delete(`/api/events/${event._id}/door-staff/${staff.user._id}`)
      .set(admin.auth)
      .expect(200);
    await t.http.get(`/api/events/${event._id}/door`).set(staff.auth).expect(403);
    const removed = await t.http
      .get(`/api/admin/audit?action=DOOR_STAFF_REMOVED&targetId=${staff.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(removed.body.entries).toHaveLength(1);
  });

  it("an offline door's queue syncs: admitted once, conflicts reported, a retried sync changes nothing", async () => {
    const event = await createEvent(t.http, admin);
    const [a, b, c] = [await going(event._id), await going(event._id), await going(event._id)];
    const codeA = (await ticketOf(a, event._id)).code;
    const codeB = (await ticketOf(b, event._id)).code;
    const codeC = (await ticketOf(c, event._id)).code;
    // Another door admitted B while this one was offline.
    await checkIn(event._id, admin, codeB).expect(200);
    const door = await registerMember(t.http);
    await t.http
      .post(`/api/events/${event._id}/door-staff`)
      .set(admin.auth)
      .send({ email: door.user.email })
      .expect(200);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const queue = {
      checkIns: [
        { code: codeA, scannedAt: at(10) },
        { code: codeA, scannedAt: at(9) }, // the same ticket shown twice while offline
        { code: codeB, scannedAt: at(8) },
        { code: codeC, scannedAt: at(7) },
        { code: 'DT1.forged.code', scannedAt: at(6) },
      ],
    };
    const sync = () =>
      t.http.post(`/api/events/${event._id}/check-ins/sync`).set(door.auth).send(queue);
    const first = await sync().expect(200);
    expect(first.body.results.map((r: { result: string }) => r.result)).toEqual([
      'checked_in',
      'conflict',
      'conflict',
      'checked_in',
      'unknown_code',
    ]);
    expect(first.body.results[0]).toMatchObject({ checkedInAt: queue.checkIns[0].scannedAt });
    expect(first.body.results[2]).toMatchObject({ checkedInBy: 'Admin' });
    expect(first.body.counts).toEqual({ checkedIn: 3, going: 3 });
    const retried = await sync().expect(200);
    expect(retried.body.results.map((r: { result: string }) => r.result)).toEqual(
      first.body.results.map((r: { result: string }) => r.result),
    );
    expect(retried.body.counts).toEqual({ checkedIn: 3, going: 3 });

    const bad = await t.http
      .post(`/api/events/${event._id}/check-ins/sync`)
      .set(door.auth)
      .send({ checkIns: [{ code: codeA, scannedAt: 'yesterday' }] })
      .expect(400);
    expect(bad.body.msg).toEqual(expect.any(String));
  });

  it("exports the attendee list as CSV, its header in the admin's language", async () => {
    const event = await createEvent(t.http, admin);
    const member = await going(event._id, await registerMember(t.http, { name: 'Abebe, "Abe"' }));
    await going(event._id, await registerMember(t.http, { name: '=HYPERLINK("x")' }));
    await checkIn(event._id, admin, (await ticketOf(member, event._id)).code).expect(200);
    const en = await t.http
      .get(`/api/events/${event._id}/attendees.csv`)
      .set(admin.auth)
      .expect(200)
      .expect('content-type', /text\/csv/);
    const lines = en.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Email,Ticket type,Paid amount,Currency,Checked in at');
    expect(lines).toHaveLength(3);
    const abebe = lines.find((l) => l.startsWith('"Abebe'));
    expect(abebe).toMatch(
      new RegExp(`^"Abebe, ""Abe""",${member.user.email},General,0\\.00,USD,\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""x"")"`))).toBe(true);
    const am = await t.http
      .get(`/api/events/${event._id}/attendees.csv?lang=am`)
      .set(admin.auth)
      .expect(200);
    expect(am.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'ስም,ኢሜይል,የትኬት አይነት,የተከፈለ መጠን,ምንዛሬ,የገባበት ጊዜ',
    );
    expect(am.text).toContain(',መደበኛ,');
    await t.http.get(`/api/events/${event._id}/attendees.csv?lang=fr`).set(admin.auth).expect(400);
  });
});
