import { sql } from 'drizzle-orm';
import { sendListing, listingForm } from './support/directory';
import { loginAdmin, newMember, registerMember, type Session } from './support/factories';
import { decodedOf, linkToken, type ReceivedMail, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import { newEnrollment } from './support/tutorials';

const RESET = 'Reset your password';
const VERIFY = 'Confirm your email address';
const NEW_PASSWORD = 'violet-harbour-lantern-42';

describe('account sign-in lifecycle (issue 17): reset, verification, changes, sessions', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: Session;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** Waits for the n-th message with this subject to this address and returns it. */
  async function nthMail(to: string, subject: string, n: number): Promise<ReceivedMail> {
    const deadline = Date.now() + 15000;
    for (;;) {
      const found = smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject);
      if (found.length >= n) return found[n - 1];
      if (Date.now() > deadline) throw new Error(`no mail #${n} "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const me = (token: string) =>
    t.http.get('/api/auth/me').set({ Authorization: `Bearer ${token}` });
  const login = (email: string, password: string) =>
    t.http.post('/api/auth/login').send({ email, password });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

  describe('password reset', () => {
    it('answers 202 alike for an unknown address and sends nothing there', async () => {
      const unknown = await t.http
        .post('/api/auth/forgot-password')
        .send({ email: 'nobody-here@example.com' })
        .expect(202);
      const member = await registerMember(t.http);
      const known = await t.http
        .post('/api/auth/forgot-password')
        .send({ email: member.user.email.toUpperCase() })
        .expect(202);
      expect(known.body).toEqual(unknown.body);
      await nthMail(member.user.email, RESET, 1);
      await settle();
      expect(smtp.messages.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    });

    it('refuses a malformed address with a field error', async () => {
      const res = await t.http
        .post('/api/auth/forgot-password')
        .send({ email: 'not-an-email' })
        .expect(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'email' });
    });

    it('the emailed link sets a new password once, ends every session, and only the hash is stored', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      const other = (await login(credentials.email, credentials.password).expect(200)).body.token;
      await t.http.post('/api/auth/forgot-password').send({ email: credentials.email }).expect(202);
      const mail = await nthMail(credentials.email, RESET, 1);
      const token = linkToken(mail, 'reset-password');
      // In the fragment, which no browser sends on: the token is in no access log (the text
      // part, the HTML link's href and its text).
      const links = decodedOf(mail).match(/https?:\/\/[^\s<>"]*reset-password[^\s<>"]*/g);
      expect(links).toEqual(Array(3).fill(`${t.config.publicUrl}/reset-password#token=${token}`));
      expect(decodedOf(mail)).not.toMatch(/[?&]token=/);

      const stored = await t.database.db.execute(
        sql`SELECT token_hash FROM account_tokens WHERE user_id = ${member.user._id}`,
      );
      const hashes = (stored as unknown as { rows: { token_hash: string }[] }).rows;
      expect(hashes.length).toBeGreaterThan(0);
      expect(hashes.every((row) => row.token_hash !== token)).toBe(true);

      // A weak choice is refused without using the link up.
      const weak = await t.http
        .post('/api/auth/reset-password')
        .send({ token, password: 'password1' })
        .expect(400);
      expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');

      await t.http
        .post('/api/auth/reset-password')
        .send({ token, password: NEW_PASSWORD })
        .expect(204);
      await me(member.token).expect(401);
      await me(other).expect(401);
      await login(credentials.email, credentials.password).expect(401);
      const fresh = await login(credentials.email, NEW_PASSWORD).expect(200);
      await me(fresh.body.token).expect(200);

      const again = await t.http
        .post('/api/auth/reset-password')
        .send({ token, password: 'another-strong-phrase-77' })
        .expect(400);
      expect(again.body.code).toBe('RESET_LINK_INVALID');
    });

    it('a link older than its hour no longer works; a newer link replaces the older one', async () => {
      const member = await registerMember(t.http);
      const email = member.user.email;
      await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      const first = linkToken(await nthMail(email, RESET, 1), 'reset-password');
      await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      const second = linkToken(await nthMail(email, RESET, 2), 'reset-password');
      const replaced = await t.http
        .post('/api/auth/reset-password')
        .send({ token: first, password: NEW_PASSWORD })
        .expect(400);
      expect(replaced.body.code).toBe('RESET_LINK_INVALID');

      // One hour and a second later (the row's expiry moved back instead of waiting).
      await t.database.db.execute(
        sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${member.user._id}`,
      );
      const expired = await t.http
        .post('/api/auth/reset-password')
        .send({ token: second, password: NEW_PASSWORD })
        .expect(400);
      expect(expired.body).toMatchObject({ code: 'RESET_LINK_INVALID', msg: expect.any(String) });
      await me(member.token).expect(200);
    });

    it('stores an hour of validity for a reset link', async () => {
      const member = await registerMember(t.http);
      await t.http.post('/api/auth/forgot-password').send({ email: member.user.email }).expect(202);
      const rows = await t.database.db.execute(
        sql`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM account_tokens
            WHERE user_id = ${member.user._id} AND purpose = 'password_reset'`,
      );
      const [{ seconds }] = (rows as unknown as { rows: { seconds: string }[] }).rows;
      // An hour from when the link is made: created_at is its transaction's start, on a loaded
      // machine a second or so before that, never after.
      expect(Number(seconds)).toBeGreaterThan(3599);
      expect(Number(seconds)).toBeLessThan(3630);
    });

    it('sends at most three reset emails an hour to one address', async () => {
      const member = await registerMember(t.http);
      for (let i = 0; i < 5; i++) {
        await t.http
          .post('/api/auth/forgot-password')
          .send({ email: member.user.email })
          .expect(202);
      }
      await nthMail(member.user.email, RESET, 3);
      await settle();
      expect(
        smtp.messages.filter((m) => m.to.includes(member.user.email) && m.subject === RESET),
      ).toHaveLength(3);
    });

    it('an admin sends a member the reset link, and the audit log records it', async () => {
      const member = await registerMember(t.http);
      await t.http
        .post(`/api/users/${member.user._id}/password-reset`)
        .set(member.auth)
        .expect(403);
      await t.http.post(`/api/users/${member.user._id}/password-reset`).set(admin.auth).expect(202);
      const token = linkToken(await nthMail(member.user.email, RESET, 1), 'reset-password');
      await t.http
        .post('/api/auth/reset-password')
        .send({ token, password: NEW_PASSWORD })
        .expect(204);
      const audit = await t.http
        .get(`/api/admin/audit?targetId=${member.user._id}`)
        .set(admin.auth)
        .expect(200);
      expect(audit.body.entries[0]).toMatchObject({
        action: 'USER_PASSWORD_RESET_SENT',
        actor: { _id: admin.user._id },
      });
      await t.http
        .post('/api/users/00000000-0000-4000-8000-000000000000/password-reset')
        .set(admin.auth)
        .expect(404);
    });
  });

  describe('email verification', () => {
    it('gates listing submission and enrolment until the emailed link is opened', async () => {
      const member = await registerMember(t.http, {}, { verified: false });
      expect((await me(member.token).expect(200)).body.emailVerified).toBe(false);

      const listing = await sendListing(t.http, member, listingForm()).expect(403);
      expect(listing.body.code).toBe('EMAIL_NOT_VERIFIED');
      const enrolment = await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member))
        .expect(403);
      expect(enrolment.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', msg: expect.any(String) });

      // Resend replaces the first link: only the newest works.
      const first = linkToken(await nthMail(member.user.email, VERIFY, 1), 'verify-email');
      await t.http.post('/api/auth/resend-verification').set(member.auth).expect(202);
      const second = linkToken(await nthMail(member.user.email, VERIFY, 2), 'verify-email');
      const stale = await t.http.post('/api/auth/verify-email').send({ token: first }).expect(400);
      expect(stale.body.code).toBe('EMAIL_LINK_INVALID');
      await t.http.post('/api/auth/verify-email').send({ token: second }).expect(204);
      await t.http.post('/api/auth/verify-email').send({ token: second }).expect(400);

      expect((await me(member.token).expect(200)).body.emailVerified).toBe(true);
      await sendListing(t.http, member, listingForm()).expect(201);
      await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member))
        .expect(201);
      const again = await t.http.post('/api/auth/resend-verification').set(member.auth).expect(409);
      expect(again.body.code).toBe('EMAIL_ALREADY_VERIFIED');
    });

    it('needs a token, and a guest cannot ask for a resend', async () => {
      const res = await t.http.post('/api/auth/verify-email').send({}).expect(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'token' });
      await t.http.post('/api/auth/resend-verification').expect(401);
    });
  });

  describe('password and email change', () => {
    it('changes the password with the current one; other sessions end, the fresh token works', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      const other = (await login(credentials.email, credentials.password).expect(200)).body.token;
      const wrong = await t.http
        .post('/api/auth/change-password')
        .set(member.auth)
        .send({ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD })
        .expect(400);
      expect(wrong.body).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        errors: [expect.objectContaining({ field: 'currentPassword' })],
      });
      await me(member.token).expect(200);

      const changed = await t.http
        .post('/api/auth/change-password')
        .set(member.auth)
        .send({ currentPassword: credentials.password, newPassword: NEW_PASSWORD })
        .expect(200);
      expect(changed.body.user.email).toBe(credentials.email);
      await me(member.token).expect(401);
      await me(other).expect(401);
      await me(changed.body.token).expect(200);
      await login(credentials.email, NEW_PASSWORD).expect(200);
      await nthMail(credentials.email, 'Your password was changed', 1);
    });

    it('changes the email only once the new address confirms; the old address is told', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      const taken = await registerMember(t.http);
      const conflict = await t.http
        .post('/api/auth/change-email')
        .set(member.auth)
        .send({ currentPassword: credentials.password, newEmail: taken.user.email })
        .expect(409);
      expect(conflict.body.code).toBe('EMAIL_TAKEN');
      const same = await t.http
        .post('/api/auth/change-email')
        .set(member.auth)
        .send({ currentPassword: credentials.password, newEmail: credentials.email })
        .expect(400);
      expect(same.body.code).toBe('EMAIL_UNCHANGED');

      const newEmail = `moved-${Date.now()}@example.org`;
      await t.http
        .post('/api/auth/change-email')
        .set(member.auth)
        .send({ currentPassword: credentials.password, newEmail: newEmail.toUpperCase() })
        .expect(202);
      // Nothing changes before the link is opened.
      expect((await me(member.token).expect(200)).body.email).toBe(credentials.email);
      const token = linkToken(
        await nthMail(newEmail, 'Confirm your new email address', 1),
        'confirm-email',
      );
      const confirmed = await t.http
        .post('/api/auth/confirm-email-change')
        .send({ token })
        .expect(200);
      expect(confirmed.body.user).toMatchObject({ email: newEmail, emailVerified: true });
      await me(member.token).expect(401);
      await me(confirmed.body.token).expect(200);
      const told = await nthMail(credentials.email, 'Your email address was changed', 1);
      expect(told.raw).toContain(newEmail);
      await login(credentials.email, credentials.password).expect(401);
      await login(newEmail, credentials.password).expect(200);
      await t.http.post('/api/auth/confirm-email-change').send({ token }).expect(400);
    });
    it('slows down guessing the current password from a signed-in session, as sign-in does', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      const change = (currentPassword: string) =>
        t.http
          .post('/api/auth/change-password')
          .set(member.auth)
          .send({ currentPassword, newPassword: `${NEW_PASSWORD}-c` });
      for (let i = 0; i < 5; i++) await change('not-my-password-1').expect(400);
      // The fifth wrong password asks for a pause: the right one, another check and sign-in wait.
      const paused = await change(credentials.password).expect(429);
      expect(paused.body).toMatchObject({ code: 'LOGIN_BACKOFF' });
      await t.http
        .delete('/api/users/me')
        .set(member.auth)
        .send({ password: credentials.password })
        .expect(429);
      await login(credentials.email, credentials.password).expect(429);
      await new Promise((resolve) => setTimeout(resolve, 2200));
      await change(credentials.password).expect(200);
    });

    it('a password reset, a password change or signing out everywhere voids a pending email change', async () => {
      // Someone registers another person's address and starts moving the account to their own.
      const credentials = newMember();
      const squatter = await registerMember(t.http, credentials);
      const startMove = async (session: Session, password: string, n: number) => {
        const to = `squatter-${Date.now()}-${n}@example.org`;
        await t.http
          .post('/api/auth/change-email')
          .set(session.auth)
          .send({ currentPassword: password, newEmail: to })
          .expect(202);
        return linkToken(await nthMail(to, 'Confirm your new email address', 1), 'confirm-email');
      };
      const confirm = (token: string) =>
        t.http.post('/api/auth/confirm-email-change').send({ token });

      // The owner resets the password from their inbox: the pending move dies with the sessions.
      const beforeReset = await startMove(squatter, credentials.password, 1);
      await t.http.post('/api/auth/forgot-password').send({ email: credentials.email }).expect(202);
      const reset = linkToken(await nthMail(credentials.email, RESET, 1), 'reset-password');
      await t.http
        .post('/api/auth/reset-password')
        .send({ token: reset, password: NEW_PASSWORD })
        .expect(204);
      const refused = await confirm(beforeReset).expect(400);
      expect(refused.body.code).toBe('EMAIL_LINK_INVALID');

      // Changing the password, then signing out everywhere, void a later one the same way.
      let session = (await login(credentials.email, NEW_PASSWORD).expect(200)).body as Session;
      session = { ...session, auth: { Authorization: `Bearer ${session.token}` } };
      const beforeChange = await startMove(session, NEW_PASSWORD, 2);
      const changed = await t.http
        .post('/api/auth/change-password')
        .set(session.auth)
        .send({ currentPassword: NEW_PASSWORD, newPassword: `${NEW_PASSWORD}-b` })
        .expect(200);
      await confirm(beforeChange).expect(400);
      session = { ...changed.body, auth: { Authorization: `Bearer ${changed.body.token}` } };
      const beforeSignOut = await startMove(session, `${NEW_PASSWORD}-b`, 3);
      await t.http.post('/api/auth/sign-out-everywhere').set(session.auth).expect(204);
      await confirm(beforeSignOut).expect(400);
      await login(credentials.email, `${NEW_PASSWORD}-b`).expect(200);
    });
  });

  describe('sessions', () => {
    it('signs out of every device, this one included', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      const other = (await login(credentials.email, credentials.password).expect(200)).body.token;
      await t.http.post('/api/auth/sign-out-everywhere').set(member.auth).expect(204);
      await me(member.token).expect(401);
      await me(other).expect(401);
      await me(
        (await login(credentials.email, credentials.password).expect(200)).body.token,
      ).expect(200);
    });

    it('a block ends sessions at once, sign-in says why, and unblocking revives no old token', async () => {
      const credentials = newMember();
      const member = await registerMember(t.http, credentials);
      await t.http.put(`/api/users/${member.user._id}/block`).set(admin.auth).expect(200);
      const refused = await me(member.token).expect(401);
      expect(refused.body.code).toBe('ACCOUNT_BLOCKED');
      const signIn = await login(credentials.email, credentials.password).expect(403);
      expect(signIn.body.code).toBe('ACCOUNT_BLOCKED');
      await t.http.put(`/api/users/${member.user._id}/unblock`).set(admin.auth).expect(200);
      await me(member.token).expect(401);
      await login(credentials.email, credentials.password).expect(200);
    });
  });
});
