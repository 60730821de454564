import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loginAdmin, markEmailVerified, newMember, registerMember } from './support/factories';
import { ADMIN, createTestApp, TestApp } from './support/test-app';

/** The same letters in their full-width forms (ｍｅｍｂｅｒ): NFKC reads them as ASCII. */
function fullWidth(text: string): string {
  return text.replace(/[a-z0-9]/gi, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
}

/** An address whose local part is written in full-width letters, domain as given. */
function fullWidthLocal(email: string): string {
  const [local, domain] = email.split('@');
  return `${fullWidth(local)}@${domain}`;
}

// An address is one address however it is spelt in Unicode: a full-width or decomposed spelling
// finds the same account everywhere an address is taken, and cannot make a second one.
describe('email addresses in their one normal form (NFKC, trimmed, lower case)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('registers a full-width address as its ASCII form, and signs in with either', async () => {
    const member = newMember();
    const res = await t.http
      .post('/api/auth/register')
      .send({ ...member, email: ` ${fullWidth(member.email.toUpperCase())} ` })
      .expect(201);
    expect(res.body.user.email).toBe(member.email);
    for (const email of [member.email, fullWidthLocal(member.email), member.email.toUpperCase()]) {
      const login = await t.http
        .post('/api/auth/login')
        .send({ email, password: member.password })
        .expect(200);
      expect(login.body.user._id).toBe(res.body.user._id);
    }
  });

  it('refuses a second account for an NFKC-equal address with EMAIL_TAKEN', async () => {
    const member = newMember();
    await t.http.post('/api/auth/register').send(member).expect(201);
    for (const email of [fullWidthLocal(member.email), fullWidth(member.email)]) {
      const res = await t.http
        .post('/api/auth/register')
        .send({ ...newMember(), email })
        .expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        msg: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
      });
    }
  });

  it('takes a decomposed accent as the composed one', async () => {
    const suffix = Date.now();
    const composed = `jos\u00e9-${suffix}@example.com`;
    const decomposed = `jose\u0301-${suffix}@example.com`;
    const member = newMember({ email: decomposed });
    const res = await t.http.post('/api/auth/register').send(member).expect(201);
    expect(res.body.user.email).toBe(composed);
    await t.http
      .post('/api/auth/login')
      .send({ email: composed, password: member.password })
      .expect(200);
    await t.http
      .post('/api/auth/register')
      .send({ ...newMember(), email: composed })
      .expect(409);
  });

  it('sends the password reset asked for with a full-width spelling to the account', async () => {
    const member = await registerMember(t.http);
    await t.http
      .post('/api/auth/forgot-password')
      .send({ email: fullWidthLocal(member.user.email) })
      .expect(202);
    const resets = await rows<{ to: string }>(
      sql`SELECT "to" FROM mail_messages WHERE template = 'passwordReset' AND "to" = ${member.user.email}`,
    );
    expect(resets).toHaveLength(1);
  });

  it('refuses an email change to an NFKC-equal spelling of a taken address', async () => {
    const credentials = newMember();
    const member = await registerMember(t.http, credentials);
    const taken = await registerMember(t.http);
    const res = await t.http
      .post('/api/auth/change-email')
      .set(member.auth)
      .send({ currentPassword: credentials.password, newEmail: fullWidthLocal(taken.user.email) })
      .expect(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it("finds the member's contact messages and emails in the export whatever their spelling", async () => {
    const member = await registerMember(t.http);
    await markEmailVerified(t.http, member.user._id);
    await t.http
      .post('/api/contact')
      .send({
        name: 'Sender',
        email: fullWidthLocal(member.user.email),
        subject: 'Spelt wide',
        message: 'Hello from a full-width keyboard',
      })
      .expect(201);
    // An email recorded to a spelling of the address from before addresses were normalised.
    await t.database.db.execute(sql`
      INSERT INTO mail_messages ("to", subject, template, payload, status, language)
      VALUES (${fullWidthLocal(member.user.email)}, 'Legacy welcome', 'welcome',
              ${JSON.stringify({ name: 'Legacy', siteUrl: 'http://localhost' })}::jsonb, 'sent', 'en')`);
    const file = (await t.http.get('/api/users/me/export').set(member.auth).expect(200)).body;
    expect(file.contactMessages).toEqual([expect.objectContaining({ subject: 'Spelt wide' })]);
    expect(file.emails).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: fullWidthLocal(member.user.email) })]),
    );
  });

  it('the migration normalises stored addresses unless that would make two accounts share one', async () => {
    const single = await registerMember(t.http);
    const twinNormal = await registerMember(t.http);
    const twinWide = await registerMember(t.http);
    const pairA = await registerMember(t.http);
    const pairB = await registerMember(t.http);
    const suffix = Date.now();
    const wideSingle = fullWidthLocal(single.user.email);
    const wideTwin = fullWidthLocal(twinNormal.user.email);
    const shared = `pair-${suffix}@example.com`;
    const pairAEmail = fullWidthLocal(shared);
    const pairBEmail = `pair-${suffix}@EXAMPLE.com`.replace('E', '\uff25');
    // Written as they were before the API normalised addresses.
    for (const [id, email] of [
      [single.user._id, wideSingle],
      [twinWide.user._id, wideTwin],
      [pairA.user._id, pairAEmail],
      [pairB.user._id, pairBEmail],
    ]) {
      await t.database.db.execute(sql`UPDATE users SET email = ${email} WHERE id = ${id}`);
    }

    const migration = readFileSync(
      join(__dirname, '..', 'drizzle', '0015_normalise_emails.sql'),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));

    const emailOf = async (id: string) =>
      (await rows<{ email: string }>(sql`SELECT email FROM users WHERE id = ${id}`))[0].email;
    // No collision: normalised, and the member signs in with the plain address.
    expect(await emailOf(single.user._id)).toBe(single.user.email);
    await t.http
      .post('/api/auth/login')
      .send({ email: single.user.email, password: 'secret-123' })
      .expect(200);
    // Would collide with an account that has the normal form, or with another row: left alone.
    expect(await emailOf(twinNormal.user._id)).toBe(twinNormal.user.email);
    expect(await emailOf(twinWide.user._id)).toBe(wideTwin);
    expect(await emailOf(pairA.user._id)).toBe(pairAEmail);
    expect(await emailOf(pairB.user._id)).toBe(pairBEmail);
  });

  it('the admin from ADMIN_EMAIL signs in with any spelling of its address', async () => {
    const admin = await loginAdmin(t.http);
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: fullWidthLocal(admin.user.email), password: ADMIN.password })
      .expect(200);
    expect(res.body.user._id).toBe(admin.user._id);
  });
});
