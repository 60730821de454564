import { Logger } from '@nestjs/common';
import { listingForm, sendListing } from './support/directory';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

interface ListedMail {
  to: string;
  template: string;
  status: string;
  links: { href: string; secret: boolean }[];
}

/**
 * The embedded default sends no email (SMTP_URL unset): a new member must still be able to
 * confirm their address, through the development log, the admins' Emails view or an admin.
 */
describe('no SMTP configured: a new member can still confirm their address', () => {
  let t: TestApp;
  let admin: Session;
  const logged = jest.spyOn(Logger.prototype, 'log');

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    admin = await loginAdmin(t.http);
  });
  afterAll(async () => {
    logged.mockRestore();
    await t.close();
  });

  const unsentLines = (to: string) =>
    logged.mock.calls
      .map(([message]) => String(message))
      .filter((line) => line.startsWith('Email not sent') && line.includes(` to ${to};`));

  it('development prints each unsent email with its links to the server log', async () => {
    const member = await registerMember(t.http, {}, { verified: false });
    const lines = unsentLines(member.user.email);
    expect(lines).toHaveLength(2);
    const confirmation = lines.find((line) => line.includes('"Confirm your email address"'));
    expect(confirmation).toMatch(
      new RegExp(`links: ${t.config.publicUrl}/verify-email#token=[\\w%-]+$`),
    );
    // The logged link is the working one: opening it confirms the address.
    const token = decodeURIComponent(/#token=([\w%-]+)$/.exec(confirmation ?? '')?.[1] ?? '');
    await t.http
      .post('/api/auth/verify-email')
      .send({ token })
      .expect((res) => {
        expect(res.status).toBeLessThan(300);
      });
    const me = await t.http.get('/api/auth/me').set(member.auth).expect(200);
    expect(me.body.emailVerified).toBe(true);
  });

  it("the admins' Emails view lists recorded emails with the secret links marked", async () => {
    const member = await registerMember(t.http, {}, { verified: false });
    const list = await t.http.get('/api/mail/messages?limit=100').set(admin.auth).expect(200);
    expect(list.body.configured).toBe(false);
    const mine = (list.body.messages as ListedMail[]).filter((m) => m.to === member.user.email);
    expect(mine.map((m) => m.template).sort()).toEqual(['emailVerification', 'welcome']);
    for (const message of mine) expect(message.status).toBe('not_configured');
    const verification = mine.find((m) => m.template === 'emailVerification');
    expect(verification?.links).toEqual([
      { href: expect.stringMatching(/\/verify-email#token=/), secret: true },
    ]);
    expect(mine.find((m) => m.template === 'welcome')?.links).toEqual([
      { href: `${t.config.publicUrl}`, secret: false },
    ]);
    // Members and guests never see it.
    await t.http.get('/api/mail/messages').set(member.auth).expect(403);
    await t.http.get('/api/mail/messages').expect(401);
  });

  it('an admin confirms a member address from the Users tab, audited once; members may not', async () => {
    const member = await registerMember(t.http, {}, { verified: false });
    const other = await registerMember(t.http);
    const listing = () => sendListing(t.http, member, listingForm());
    expect((await listing().expect(403)).body.code).toBe('EMAIL_NOT_VERIFIED');

    const refused = await t.http
      .put(`/api/users/${member.user._id}/confirm-email`)
      .set(other.auth)
      .expect(403);
    expect(refused.body.msg).toEqual(expect.any(String));
    await t.http.put(`/api/users/${member.user._id}/confirm-email`).expect(401);

    const confirmed = await t.http
      .put(`/api/users/${member.user._id}/confirm-email`)
      .set(admin.auth)
      .expect(200);
    expect(confirmed.body).toMatchObject({ _id: member.user._id, emailVerified: true });
    await t.http.put(`/api/users/${member.user._id}/confirm-email`).set(admin.auth).expect(200);
    const audit = await t.http
      .get(`/api/admin/audit?targetId=${member.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'USER_EMAIL_CONFIRMED',
      targetLabel: `${member.user.name} <${member.user.email}>`,
      actor: { _id: admin.user._id },
    });
    // The member's next request is already allowed (the guard reads the address's state).
    await listing().expect(201);

    const unknown = await t.http
      .put('/api/users/00000000-0000-4000-8000-000000000000/confirm-email')
      .set(admin.auth)
      .expect(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
  });
});

describe('no SMTP configured in production', () => {
  it('prints no link to the log (links are credentials there)', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const member = await registerMember(t.http, {}, { verified: false });
      const list = await t.http
        .get('/api/mail/messages')
        .set((await loginAdmin(t.http)).auth)
        .expect(200);
      expect(list.body.messages.some((m: ListedMail) => m.to === member.user.email)).toBe(true);
      const lines = logged.mock.calls.map(([message]) => String(message));
      expect(lines.filter((line) => /Email not sent|#token=/.test(line))).toEqual([]);
    } finally {
      logged.mockRestore();
      await t.close();
    }
  });
});
