import { randomBytes } from 'node:crypto';
import { signInWithProvider, startProvider, TestProvider } from './support/oidc';
import { linkToken, type ReceivedMail, SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';
import { registerMember } from './support/factories';

const CALLBACK = 'http://localhost:3000/api/auth/oidc/testid/callback';
const CHANGE = 'Confirm your email change';
const DELETION = 'Confirm deleting your account';
const VERIFY = 'Confirm your email address';

const unique = () => randomBytes(4).toString('hex');
const address = (name: string) => `${name}-${unique()}@example.com`;

/**
 * Issue 37: a member who signed up through a provider has no password, so deleting the account
 * and changing the email are confirmed by a link to the current address instead.
 */
describe('a member without a password: email change and deletion by an emailed link', () => {
  let provider: TestProvider;
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProvider([CALLBACK]);
    smtp = await new SmtpSink().start();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, OIDC_PROVIDERS: 'testid', ...provider.env('testid', 'Test ID') },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await provider?.stop();
  });

  async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 15000;
    for (;;) {
      const found = smtp.messages.find((m) => m.to.includes(to) && m.subject === subject);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A complete member who signed up through the provider (no password). */
  async function providerMember(name: string) {
    const email = address(name);
    const session = await signInWithProvider(t.http, 'testid', {
      sub: `s-${unique()}`,
      email,
      email_verified: true,
      name: 'Almaz Ayana',
    });
    await t.http
      .put('/api/users/profile')
      .set(session.auth)
      .send({ name: 'Almaz Ayana', country: 'Canada', profession: 'Runner' })
      .expect(200);
    return { email, auth: session.auth };
  }

  it('changes the email from a link sent to the current address; the new one is then asked to confirm itself', async () => {
    const member = await providerMember('almaz');
    const newEmail = address('almaz-new');
    const asked = await t.http
      .post('/api/auth/change-email')
      .set(member.auth)
      .send({ newEmail })
      .expect(202);
    expect(asked.body.msg).toBe(
      `We sent a link to ${member.email}: open it to move your account to ${newEmail}`,
    );
    const me = await t.http.get('/api/auth/me').set(member.auth).expect(200);
    expect(me.body.email).toBe(member.email);

    const token = linkToken(await mailTo(member.email, CHANGE), 'confirm-email');
    const done = await t.http.post('/api/auth/confirm-email-change').send({ token }).expect(200);
    expect(done.body.user).toMatchObject({ email: newEmail, emailVerified: false });
    // Every older session ended; the link works once.
    await t.http.get('/api/auth/me').set(member.auth).expect(401);
    const again = await t.http.post('/api/auth/confirm-email-change').send({ token }).expect(400);
    expect(again.body.code).toBe('EMAIL_LINK_INVALID');
    // The new address confirms itself with the usual link.
    const verify = linkToken(await mailTo(newEmail, VERIFY), 'verify-email');
    await t.http.post('/api/auth/verify-email').send({ token: verify }).expect(204);
    const after = await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${done.body.token}` })
      .expect(200);
    expect(after.body).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('deletes the account from a link sent to its address, once', async () => {
    const member = await providerMember('derartu');
    const asked = await t.http.delete('/api/users/me').set(member.auth).send({}).expect(202);
    expect(asked.body.msg).toBe(
      `We sent a link to ${member.email}: open it to delete your account`,
    );
    await t.http.get('/api/auth/me').set(member.auth).expect(200);

    const token = linkToken(await mailTo(member.email, DELETION), 'delete-account');
    await t.http
      .post('/api/auth/confirm-account-deletion')
      .send({ token })
      .expect(200, { msg: 'Your account has been deleted' });
    await t.http.get('/api/auth/me').set(member.auth).expect(401);
    const again = await t.http
      .post('/api/auth/confirm-account-deletion')
      .send({ token })
      .expect(400);
    expect(again.body).toMatchObject({ code: 'DELETION_LINK_INVALID', msg: expect.any(String) });
    const empty = await t.http.post('/api/auth/confirm-account-deletion').send({}).expect(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
  });

  it('a member with a password still confirms both with it (no link is sent)', async () => {
    const member = await registerMember(t.http);
    const email = member.user.email;
    const change = await t.http
      .post('/api/auth/change-email')
      .set(member.auth)
      .send({ newEmail: address('other') })
      .expect(400);
    expect(change.body.errors).toEqual([
      expect.objectContaining({ field: 'currentPassword', code: 'REQUIRED' }),
    ]);
    const removal = await t.http.delete('/api/users/me').set(member.auth).send({}).expect(400);
    expect(removal.body.errors).toEqual([
      expect.objectContaining({ field: 'password', code: 'REQUIRED' }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.some((m) => m.to.includes(email) && m.subject === DELETION)).toBe(false);
    await t.http.get('/api/auth/me').set(member.auth).expect(200);
  });
});
