import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { approvedListing } from './support/directory';
import { createEvent } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { linkToken, ReceivedMail, SmtpSink, subjectOf, textOf } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';
import { enroll } from './support/tutorials';
import { TicketsService } from '../src/modules/events/tickets.service';

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 15000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('my data: export, account deletion, email language', () => {
  let t: TestApp;
  let admin: Session;
  const smtp = new SmtpSink();
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('the member with one of everything', () => {
    const tag = randomBytes(4).toString('hex');
    const phone = `+1 416 555 ${String(1000 + (parseInt(tag.slice(0, 4), 16) % 9000))}`;
    const name = `Tsehay Deletable ${tag}`;
    let member: Session;
    let other: Session;
    let waiting: Session;
    let event: { _id: string };
    let paid: { _id: string };
    let commentId: string;

    beforeAll(async () => {
      member = await registerMember(t.http, { name });
      await t.http
        .put('/api/users/profile')
        .set(member.auth)
        .send({ name, country: 'Canada', profession: 'Engineer', phone })
        .expect(200);
      other = await registerMember(t.http);
      waiting = await registerMember(t.http);
      await t.http.put(`/api/users/${member.user._id}/approve`).set(admin.auth).expect(200);

      // A full event: the member holds the only seat, another member waits.
      event = await createEvent(t.http, admin, { title: `Seats ${tag}`, maxAttendees: 1 });
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(200);
      const queued = await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(waiting.auth)
        .send({ status: 'going' })
        .expect(200);
      expect(queued.body.status).toBe('waitlisted');

      paid = await createEvent(t.http, admin, {
        title: `Paid ${tag}`,
        isFree: false,
        pricing: { general: { amount: 25, currency: 'usd' } },
      });
      const recorded = await t.app.get(TicketsService).recordPaidTicket({
        eventId: paid._id,
        userId: member.user._id,
        ticketType: 'general',
        amountCents: 2500,
        currency: 'usd',
        paymentIntentId: `pi_${tag}`,
      });
      expect(recorded.outcome).toBe('recorded');

      const comment = await t.http
        .post('/api/comments')
        .set(member.auth)
        .send({ content: `Looking forward ${tag}`, contentType: 'events', contentId: event._id })
        .expect(201);
      commentId = comment.body._id;
      await t.http
        .post('/api/comments')
        .set(other.auth)
        .send({
          content: 'Me too',
          contentType: 'events',
          contentId: event._id,
          parentComment: commentId,
        })
        .expect(201);
      await t.http.post(`/api/reactions/events/${event._id}/like`).set(member.auth).expect(200);
      await t.http.post(`/api/events/${event._id}/view`).set(member.auth).expect(200);

      await approvedListing(t.http, member, admin, {
        name: `Injera House ${tag}`,
        'contact.email': member.user.email,
        'contact.phone': phone,
      });
      await enroll(t.http, member, { fullName: name, telephone: phone });
      const contact = await t.http
        .post('/api/contact')
        .send({
          name,
          email: member.user.email,
          subject: `Question ${tag}`,
          message: 'How do I volunteer at the next event?',
        })
        .expect(201);
      await t.http
        .put(`/api/contact/messages/${contact.body._id}/status`)
        .set(admin.auth)
        .send({ status: 'read' })
        .expect(200);
      await smtp.waitFor(member.user.email);
    }, 60000);

    it('exports everything kept about the member as a JSON file', async () => {
      const res = await t.http.get('/api/users/me/export').set(member.auth).expect(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const file = JSON.parse(res.text) as Record<string, unknown[] & Record<string, unknown>>;
      expect(file.profile).toMatchObject({ name, phone, email: member.user.email });
      expect(JSON.stringify(file.profile)).not.toContain('password');
      expect(file.rsvps).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ eventId: event._id, status: 'going' }),
          expect.objectContaining({ eventId: paid._id, status: 'going' }),
        ]),
      );
      expect(file.tickets).toEqual([
        expect.objectContaining({ eventId: paid._id, amountCents: 2500, status: 'paid' }),
      ]);
      expect(file.comments).toEqual([
        expect.objectContaining({ _id: commentId, content: `Looking forward ${tag}` }),
      ]);
      expect(file.reactions).toEqual([
        expect.objectContaining({ targetType: 'events', targetId: event._id, kind: 'like' }),
      ]);
      expect(file.views).toEqual([expect.objectContaining({ contentId: event._id })]);
      expect(file.listings).toEqual([expect.objectContaining({ name: `Injera House ${tag}` })]);
      expect(file.enrollments).toEqual([
        expect.objectContaining({ fullName: name, telephone: phone }),
      ]);
      expect(file.contactMessages).toEqual([
        expect.objectContaining({ subject: `Question ${tag}` }),
      ]);
      const emails = file.emails as unknown as Array<{ subject: string; body: string }>;
      expect(emails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([
          'Welcome to the community',
          `Your RSVP: Seats ${tag}`,
          `Your ticket: Paid ${tag}`,
        ]),
      );
      expect(emails[0].body).toContain(`Hello ${name},`);
      // Nothing of anyone else: the other member's reply is not in it.
      expect(res.text).not.toContain(other.user.email);
    });

    it('refuses a wrong password with a named code and changes nothing', async () => {
      const res = await t.http
        .delete('/api/users/me')
        .set(member.auth)
        .send({ password: 'not-my-password' })
        .expect(400);
      expect(res.body).toMatchObject({
        code: 'ACCOUNT_PASSWORD_INCORRECT',
        msg: expect.any(String),
      });
      const missing = await t.http.delete('/api/users/me').set(member.auth).send({}).expect(400);
      expect(missing.body.code).toBe('VALIDATION_FAILED');
      await t.http.get('/api/users/me/export').set(member.auth).expect(200);
      await t.http.delete('/api/users/me').send({ password: 'secret-123' }).expect(401);
    });

    it('erases the account: no table keeps the email, name or phone', async () => {
      await t.http
        .delete('/api/users/me')
        .set(member.auth)
        .send({ password: 'secret-123' })
        .expect(200, { msg: 'Your account has been deleted' });

      // Every text-like column of every table, searched for each of the three.
      const columns = (await t.database.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')
          and table_name not like '%drizzle%'`)) as unknown as {
        rows: Array<{ table_name: string; column_name: string }>;
      };
      expect(columns.rows.length).toBeGreaterThan(40);
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns.rows) {
        for (const needle of [member.user.email, name, phone]) {
          const result = (await t.database.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
          )) as unknown as { rows: Array<{ n: number }> };
          if (result.rows[0].n > 0) found.push(`${table}.${column} holds ${needle}`);
        }
      }
      expect(found).toEqual([]);
    });

    it('keeps the comment, by a deleted member, with its replies', async () => {
      const res = await t.http.get(`/api/comments/events/${event._id}`).expect(200);
      const kept = res.body.comments.find((c: { _id: string }) => c._id === commentId);
      expect(kept).toMatchObject({
        content: `Looking forward ${tag}`,
        author: null,
        authorDeleted: true,
        replyCount: 1,
      });
    });

    it('frees the seat for the waitlist and keeps the ticket without its holder', async () => {
      const res = await t.http.get(`/api/events/${event._id}`).set(waiting.auth).expect(200);
      expect(res.body).toMatchObject({ goingCount: 1, userStatus: 'going' });
      // That member already has mail (their waitlisted RSVP's): wait for this one by its subject.
      const promoted = await smtp.waitForSubject(
        waiting.user.email,
        `A seat opened up: Seats ${tag}`,
      );
      expect(promoted).toBeDefined();
      const tickets = (await t.database.db.execute(
        sql`select user_id, amount_cents from event_tickets where payment_intent_id = ${`pi_${tag}`}`,
      )) as unknown as { rows: Array<{ user_id: string | null; amount_cents: number }> };
      expect(tickets.rows).toEqual([{ user_id: null, amount_cents: 2500 }]);
      const paidEvent = await t.http.get(`/api/events/${paid._id}`).expect(200);
      expect(paidEvent.body.goingCount).toBe(0);
    });

    it('signs the member out: the old token and the password no longer work', async () => {
      await t.http.get('/api/users/me/export').set(member.auth).expect(401);
      await t.http
        .post('/api/auth/login')
        .send({ email: member.user.email, password: 'secret-123' })
        .expect(401);
    });
  });

  it('keeps the last admin from deleting their account', async () => {
    const res = await t.http
      .delete('/api/users/me')
      .set(admin.auth)
      .send({ password: 'admin-pass-123' })
      .expect(409);
    expect(res.body.code).toBe('LAST_ADMIN');
  });

  describe("only what is provably the account's, and no one-time link", () => {
    const WITHHELD_LINK = '[one-time link left out of this export]';
    type ExportedMail = { subject: string; body: string; linkWithheld?: boolean };

    /** The `n`th mail with this subject to this address (the sink keeps them in arrival order). */
    async function mailNo(to: string, subject: string, n = 1): Promise<ReceivedMail> {
      return until(
        () => smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject)[n - 1],
      );
    }

    async function exportOf(session: Session) {
      const res = await t.http.get('/api/users/me/export').set(session.auth).expect(200);
      return { text: res.text, file: JSON.parse(res.text) as Record<string, unknown> };
    }

    async function rowCount(query: ReturnType<typeof sql>): Promise<number> {
      const result = (await t.database.db.execute(query)) as unknown as {
        rows: Array<{ n: number }>;
      };
      return result.rows[0].n;
    }

    async function auditLabels(targetId: string): Promise<string[]> {
      const res = await t.http
        .get('/api/admin/audit')
        .query({ targetId })
        .set(admin.auth)
        .expect(200);
      return res.body.entries.map((entry: { targetLabel: string }) => entry.targetLabel);
    }

    async function contactFrom(email: string, subject: string): Promise<string> {
      const res = await t.http
        .post('/api/contact')
        .send({ name: 'Someone', email, subject, message: 'A question about the next event.' })
        .expect(201);
      await t.http
        .put(`/api/contact/messages/${res.body._id}/status`)
        .set(admin.auth)
        .send({ status: 'read' })
        .expect(200);
      return res.body._id;
    }

    it('withholds mail and contact messages from an unconfirmed address, and keeps them on deletion', async () => {
      const tag = randomBytes(4).toString('hex');
      const email = `unconfirmed-${tag}@example.com`;
      // Someone wrote through the contact form from the address before anyone registered it.
      const contactId = await contactFrom(email, `Before ${tag}`);
      const member = await registerMember(t.http, { email }, { verified: false });
      const verifyToken = linkToken(
        await mailNo(email, 'Confirm your email address'),
        'verify-email',
      );
      // With a stolen session: a reset link for the account, then the export.
      await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      const resetToken = linkToken(await mailNo(email, 'Reset your password'), 'reset-password');

      const { text, file } = await exportOf(member);
      const withheld = { withheld: true, reason: expect.stringContaining('confirmed') };
      expect(file.emails).toEqual(withheld);
      expect(file.contactMessages).toEqual(withheld);
      expect(text).not.toContain(verifyToken);
      expect(text).not.toContain(resetToken);
      expect(text).not.toMatch(/token=|verify-email|reset-password/);
      expect(text).not.toContain(`Before ${tag}`);
      // Nothing in the file confirms the address: it stays unconfirmed.
      const me = await t.http.get('/api/auth/me').set(member.auth).expect(200);
      expect(me.body.emailVerified).toBe(false);

      await t.http
        .delete('/api/users/me')
        .set(member.auth)
        .send({ password: 'secret-123' })
        .expect(200);
      // The visitor's message stays in the admins' inbox, with its email to them and its log entry.
      expect(
        await rowCount(
          sql`select count(*)::int as n from contact_messages where id = ${contactId}`,
        ),
      ).toBe(1);
      expect(
        await rowCount(
          sql`select count(*)::int as n from mail_messages where template = 'contactMessage' and payload->>'email' = ${email}`,
        ),
      ).toBe(1);
      expect(await auditLabels(contactId)).toEqual([`Before ${tag} (${email})`]);
      // What was sent to the account itself is gone.
      expect(
        await rowCount(sql`select count(*)::int as n from mail_messages where "to" = ${email}`),
      ).toBe(0);
    });

    it('gives a confirmed account its own mails, each one-time link left out', async () => {
      const tag = randomBytes(4).toString('hex');
      const email = `confirmed-${tag}@example.com`;
      // An earlier account held the address and moved on: its mail to it is not the next holder's.
      const earlier = await registerMember(t.http, { email, name: `Earlier Holder ${tag}` });
      await t.http
        .post('/api/auth/change-email')
        .set(earlier.auth)
        .send({ currentPassword: 'secret-123', newEmail: `moved-${tag}@example.com` })
        .expect(202);
      const moving = await mailNo(`moved-${tag}@example.com`, 'Confirm your new email address');
      await t.http
        .post('/api/auth/confirm-email-change')
        .send({ token: linkToken(moving, 'confirm-email') })
        .expect(200);

      const name = `Present Holder ${tag}`;
      let member = await registerMember(t.http, { email, name }, { verified: false });
      const verifyToken = linkToken(
        await mailNo(email, 'Confirm your email address', 2),
        'verify-email',
      );
      await t.http.post('/api/auth/verify-email').send({ token: verifyToken }).expect(204);
      await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      const resetToken = linkToken(await mailNo(email, 'Reset your password'), 'reset-password');
      await contactFrom(email, `Question ${tag}`);

      const first = await exportOf(member);
      const emails = first.file.emails as ExportedMail[];
      expect(emails.map((mail) => mail.subject).sort()).toEqual([
        'Confirm your email address',
        'Reset your password',
        'Welcome to the community',
      ]);
      const welcome = emails.find((mail) => mail.subject === 'Welcome to the community');
      expect(welcome?.body).toContain(`Hello ${name},`);
      expect(welcome?.linkWithheld).toBeUndefined();
      for (const subject of ['Confirm your email address', 'Reset your password']) {
        const mail = emails.find((m) => m.subject === subject);
        expect(mail).toMatchObject({
          linkWithheld: true,
          body: expect.stringContaining(WITHHELD_LINK),
        });
      }
      expect(first.text).not.toContain(verifyToken);
      expect(first.text).not.toContain(resetToken);
      expect(first.text).not.toMatch(/token=/);
      expect(first.text).not.toContain(`Earlier Holder ${tag}`);
      expect(first.file.contactMessages).toEqual([
        expect.objectContaining({ email, subject: `Question ${tag}` }),
      ]);
      // The reset link the export did not give away still works from the mailbox.
      await t.http
        .post('/api/auth/reset-password')
        .send({ token: resetToken, password: 'violet-harbour-lantern-42' })
        .expect(204);
      const login = await t.http
        .post('/api/auth/login')
        .send({ email, password: 'violet-harbour-lantern-42' })
        .expect(200);
      member = {
        ...member,
        token: login.body.token,
        auth: { Authorization: `Bearer ${login.body.token}` },
      };

      // An email change's link goes to the new address: withheld too once that is the account's.
      const next = `next-${tag}@example.com`;
      await t.http
        .post('/api/auth/change-email')
        .set(member.auth)
        .send({ currentPassword: 'violet-harbour-lantern-42', newEmail: next })
        .expect(202);
      const confirmToken = linkToken(
        await mailNo(next, 'Confirm your new email address'),
        'confirm-email',
      );
      const changed = await t.http
        .post('/api/auth/confirm-email-change')
        .send({ token: confirmToken })
        .expect(200);
      member = { ...member, auth: { Authorization: `Bearer ${changed.body.token}` } };
      const second = await exportOf(member);
      expect(second.file.emails).toEqual([
        expect.objectContaining({
          subject: 'Confirm your new email address',
          linkWithheld: true,
          body: expect.stringContaining(WITHHELD_LINK),
        }),
      ]);
      expect(second.text).not.toContain(confirmToken);
      expect(second.text).not.toMatch(/token=/);
    });

    it('blanks audit entries by id, not those naming a look-alike address', async () => {
      const tag = randomBytes(4).toString('hex');
      const johnEmail = `john-${tag}@example.com`;
      const john = await registerMember(t.http, { email: johnEmail, name: `John ${tag}` });
      await t.http.put(`/api/users/${john.user._id}/approve`).set(admin.auth).expect(200);
      const johnsMessage = await contactFrom(johnEmail, `Hi ${tag}`);

      // `ohn-…@example.com` is inside `john-…@example.com`.
      const lookalikeEmail = `ohn-${tag}@example.com`;
      const lookalike = await registerMember(t.http, { email: lookalikeEmail });
      await t.http.put(`/api/users/${lookalike.user._id}/approve`).set(admin.auth).expect(200);
      const ownMessage = await contactFrom(lookalikeEmail, `Mine ${tag}`);
      await t.http
        .delete('/api/users/me')
        .set(lookalike.auth)
        .send({ password: 'secret-123' })
        .expect(200);

      expect(await auditLabels(john.user._id)).toEqual([`John ${tag} <${johnEmail}>`]);
      expect(await auditLabels(johnsMessage)).toEqual([`Hi ${tag} (${johnEmail})`]);
      expect(
        await rowCount(
          sql`select count(*)::int as n from contact_messages where id = ${johnsMessage}`,
        ),
      ).toBe(1);
      // The deleted account's own entries, found by id, read "Deleted member".
      expect(await auditLabels(lookalike.user._id)).toEqual(['Deleted member']);
      expect(await auditLabels(ownMessage)).toEqual(['Deleted member']);
    });
  });

  describe('email language', () => {
    it('writes to an Amharic-language member in Amharic', async () => {
      const member = await registerMember(t.http);
      const set = await t.http
        .put('/api/users/me/language')
        .set(member.auth)
        .send({ language: 'am' })
        .expect(200);
      expect(set.body.language).toBe('am');
      const bad = await t.http
        .put('/api/users/me/language')
        .set(member.auth)
        .send({ language: 'fr' })
        .expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'language' })]);

      const event = await createEvent(t.http, admin, { title: 'Amharic Evening' });
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect(200);
      const mail = await until(() =>
        mailsTo(member.user.email).find((m) => subjectOf(m).includes('Amharic Evening')),
      );
      expect(subjectOf(mail)).toBe('የእርስዎ ምላሽ፦ Amharic Evening');

      // An English-language member gets the same email in English.
      const english = await registerMember(t.http);
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(english.auth)
        .send({ status: 'going' })
        .expect(200);
      const received = await until(() =>
        mailsTo(english.user.email).find((m) => m.subject.includes('Amharic Evening')),
      );
      expect(received.subject).toBe('Your RSVP: Amharic Evening');
    });

    it('sends the sign-in emails in Amharic too', async () => {
      const member = await registerMember(t.http);
      await t.http
        .put('/api/users/me/language')
        .set(member.auth)
        .send({ language: 'am' })
        .expect(200);
      await t.http.post('/api/auth/forgot-password').send({ email: member.user.email }).expect(202);
      const mail = await until(() =>
        mailsTo(member.user.email).find((m) => subjectOf(m) === 'የይለፍ ቃልዎን ዳግም ያስጀምሩ'),
      );
      const text = textOf(mail);
      expect(text).toContain('አዲስ የይለፍ ቃል ለመምረጥ ይህን ማገናኛ በአንድ ሰዓት ውስጥ ይክፈቱ');
      expect(text).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{40,}/);

      // The new address of an email change belongs to no account yet: the member's language is given.
      const newEmail = `am-${Date.now()}@example.com`;
      await t.http
        .post('/api/auth/change-email')
        .set(member.auth)
        .send({ currentPassword: 'secret-123', newEmail })
        .expect(202);
      const confirm = await until(() => mailsTo(newEmail)[0]);
      expect(subjectOf(confirm)).toBe('አዲሱን የኢሜይል አድራሻዎን ያረጋግጡ');
    });
  });
});
