import { loginAdmin, markEmailVerified, newMember, registerMember } from './support/factories';
import { SmtpSink, subjectOf, textOf } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

describe('accounts: register, login, me, profile, users', () => {
  let t: TestApp;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('POST /api/auth/register', () => {
    it('creates the member, returns token and user without secrets, and sends a welcome email', async () => {
      const member = newMember({ email: 'Welcome.Me@Example.com' });
      const res = await t.http.post('/api/auth/register').send(member).expect(201);
      expect(res.body.token).toEqual(expect.any(String));
      expect(res.body.user).toMatchObject({
        _id: expect.any(String),
        name: member.name,
        email: 'welcome.me@example.com',
        role: 'member',
        country: 'Canada',
        interests: ['technology'],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      const mail = await smtp.waitForSubject('welcome.me@example.com', 'Welcome to the community');
      expect(mail.raw).toContain(member.name);
    });

    it('keeps the interface language given at sign-up and sends both sign-up emails in it', async () => {
      const member = newMember({ language: 'am' });
      const res = await t.http.post('/api/auth/register').send(member).expect(201);
      expect(res.body.user.language).toBe('am');
      const me = await t.http
        .get('/api/auth/me')
        .set({ Authorization: `Bearer ${res.body.token}` })
        .expect(200);
      expect(me.body.language).toBe('am');

      const welcome = await smtp.waitForSubject(member.email, 'እንኳን ወደ ማኅበረሰቡ በደህና መጡ');
      expect(textOf(welcome)).toContain(`ሰላም ${member.name}፣`);
      const confirm = await smtp.waitForSubject(member.email, 'የኢሜይል አድራሻዎን ያረጋግጡ');
      expect(textOf(confirm)).toMatch(/\/verify-email#token=[A-Za-z0-9_-]{40,}/);
      // Neither went out in English as well.
      const to = member.email.toLowerCase();
      expect(
        smtp.messages
          .filter((m) => m.to.includes(to))
          .map(subjectOf)
          .sort(),
      ).toEqual(['የኢሜይል አድራሻዎን ያረጋግጡ', 'እንኳን ወደ ማኅበረሰቡ በደህና መጡ'].sort());
    });

    it('writes in English when no language is given', async () => {
      const member = newMember();
      const res = await t.http.post('/api/auth/register').send(member).expect(201);
      expect(res.body.user.language).toBe('en');
      await smtp.waitForSubject(member.email, 'Confirm your email address');
    });

    it('refuses a language that is not offered, naming the field', async () => {
      const member = newMember({ language: 'fr' });
      const res = await t.http.post('/api/auth/register').send(member).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        msg: 'Language must be en or am',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'language', msg: 'Language must be en or am', code: 'NOT_ALLOWED' }],
      });
      // Nothing was written: the address is still free.
      await t.http
        .post('/api/auth/register')
        .send(newMember({ email: member.email }))
        .expect(201);
    });

    it('refuses a taken email in any case with 409', async () => {
      const member = newMember();
      await t.http.post('/api/auth/register').send(member).expect(201);
      const res = await t.http
        .post('/api/auth/register')
        .send({ ...member, email: member.email.toUpperCase() })
        .expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        msg: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
      });
    });

    it('enforces the password minimum of 8 characters', async () => {
      for (const [password, code] of [
        ['12345', 'TOO_SHORT'],
        ['1234567', 'TOO_SHORT'],
        ['      ', 'REQUIRED'],
      ]) {
        const res = await t.http
          .post('/api/auth/register')
          .send(newMember({ password }))
          .expect(400);
        expect(res.body.msg).toBe('Password must be at least 8 characters');
        expect(res.body.errors).toEqual([
          { field: 'password', msg: 'Password must be at least 8 characters', code },
        ]);
      }
    });

    it('refuses common or easily guessed passwords, and the name or email as password', async () => {
      const msg =
        'This password is too common or too easy to guess. Use a longer phrase or add less predictable words.';
      for (const overrides of [
        { password: '12345678' },
        { password: 'password1' },
        { password: '        ' },
        { password: 'qwertyuiop' },
        { name: 'Tsegaye Lemma', password: 'tsegayelemma' },
      ]) {
        const res = await t.http.post('/api/auth/register').send(newMember(overrides)).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          msg,
          code: 'PASSWORD_TOO_WEAK',
          errors: [{ field: 'password', msg, code: 'INVALID' }],
        });
      }
      await t.http
        .post('/api/auth/register')
        .send(newMember({ password: 'Injera-and-coffee-2026' }))
        .expect(201);
    });

    it('reports every missing required field', async () => {
      const res = await t.http.post('/api/auth/register').send({}).expect(400);
      const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
      expect(fields).toEqual(['country', 'email', 'name', 'password', 'profession']);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', msg: 'Name is required', code: 'REQUIRED' },
          { field: 'email', msg: 'Email is required', code: 'REQUIRED' },
          { field: 'password', msg: 'Password is required', code: 'REQUIRED' },
          { field: 'profession', msg: 'Profession is required', code: 'REQUIRED' },
        ]),
      );
    });

    it('enforces the fixed country and interest lists', async () => {
      const res = await t.http
        .post('/api/auth/register')
        .send(newMember({ country: 'Atlantis', interests: ['gaming'] }))
        .expect(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          {
            field: 'country',
            msg: 'Country must be one of the listed countries',
            code: 'NOT_ALLOWED',
          },
          {
            field: 'interests',
            msg: 'Each interest must be one of the listed interests',
            code: 'NOT_ALLOWED',
          },
        ]),
      );
    });

    it('refuses unknown fields, wrong types and huge strings', async () => {
      const unknown = await t.http
        .post('/api/auth/register')
        .send(newMember({ role: 'admin' }))
        .expect(400);
      expect(unknown.body.errors).toEqual([
        { field: 'role', msg: 'role is not an allowed field', code: 'UNKNOWN_FIELD' },
      ]);

      const wrongType = await t.http
        .post('/api/auth/register')
        .send(newMember({ name: 42, interests: 'culture' }))
        .expect(400);
      expect(wrongType.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'interests',
        'name',
      ]);

      const huge = await t.http
        .post('/api/auth/register')
        .send(newMember({ name: 'x'.repeat(5000) }))
        .expect(400);
      expect(huge.body.msg).toBe('Name must be at most 100 characters');
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with any email case and returns the user', async () => {
      const member = newMember();
      await t.http.post('/api/auth/register').send(member).expect(201);
      const res = await t.http
        .post('/api/auth/login')
        .send({ email: member.email.toUpperCase(), password: member.password })
        .expect(200);
      expect(res.body.user.email).toBe(member.email);
      expect(res.body.token).toEqual(expect.any(String));
    });

    it('answers a wrong password and an unknown email identically', async () => {
      const member = newMember();
      await t.http.post('/api/auth/register').send(member).expect(201);
      const wrong = await t.http
        .post('/api/auth/login')
        .send({ email: member.email, password: 'not-the-password' })
        .expect(401);
      const unknown = await t.http
        .post('/api/auth/login')
        .send({ email: 'nobody@example.com', password: 'whatever1' })
        .expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({
        statusCode: 401,
        msg: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    });

    it('requires email and password, naming the real problem for wrong types', async () => {
      const res = await t.http.post('/api/auth/login').send({}).expect(400);
      expect(res.body.errors).toEqual([
        { field: 'email', msg: 'Email is required', code: 'REQUIRED' },
        { field: 'password', msg: 'Password is required', code: 'REQUIRED' },
      ]);
      const wrongTypes = await t.http
        .post('/api/auth/login')
        .send({ email: ['a@example.com'], password: 12345678 })
        .expect(400);
      expect(wrongTypes.body.errors).toEqual([
        { field: 'email', msg: 'Email is required', code: 'WRONG_TYPE' },
        { field: 'password', msg: 'Password is required', code: 'WRONG_TYPE' },
      ]);
    });
  });

  describe('GET /api/auth/me and tokens', () => {
    it('returns the signed-in user', async () => {
      const session = await registerMember(t.http);
      const res = await t.http.get('/api/auth/me').set(session.auth).expect(200);
      expect(res.body).toMatchObject({ _id: session.user._id, email: session.user.email });
      expect(res.body.passwordHash).toBeUndefined();
    });

    it('answers 401 in the error shape without a token or with a tampered one', async () => {
      const none = await t.http.get('/api/auth/me').expect(401);
      expect(none.body).toEqual({
        statusCode: 401,
        msg: 'Please log in to continue',
        code: 'UNAUTHORIZED',
      });

      const session = await registerMember(t.http);
      const [header, payload] = session.token.split('.');
      const forged = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
          sub: 'someone-else',
        }),
      ).toString('base64url');
      await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${header}.${forged}.x`)
        .expect(401);
      await t.http.get('/api/auth/me').set('Authorization', 'Bearer not-a-jwt').expect(401);
      await t.http.get('/api/auth/me').set('Authorization', `Basic ${session.token}`).expect(401);
    });
  });

  describe('PUT /api/users/profile', () => {
    const profile = {
      name: 'Meron Alemu',
      email: '',
      phone: '+1 416 555 0100',
      country: 'Canada',
      profession: 'Architect',
      bio: 'Designs community spaces.',
      company: 'Studio M',
      jobTitle: 'Principal',
      experience: '12 years',
      education: 'MArch, University of Toronto',
      languages: ['Amharic', 'English'],
      skills: ['Design', 'Urban planning'],
      interests: ['culture', 'development'],
      socialLinks: { linkedin: 'https://linkedin.com/in/meron', website: '' },
    };

    it('updates the profile and returns the updated user', async () => {
      const session = await registerMember(t.http);
      const res = await t.http
        .put('/api/users/profile')
        .set(session.auth)
        .send({ ...profile, email: session.user.email })
        .expect(200);
      expect(res.body).toMatchObject({
        name: 'Meron Alemu',
        email: session.user.email,
        jobTitle: 'Principal',
        languages: ['Amharic', 'English'],
        socialLinks: { linkedin: 'https://linkedin.com/in/meron' },
      });
      const me = await t.http.get('/api/auth/me').set(session.auth).expect(200);
      expect(me.body.company).toBe('Studio M');
    });

    it('cannot change the email, and requires name, country and profession', async () => {
      const session = await registerMember(t.http);
      const changed = await t.http
        .put('/api/users/profile')
        .set(session.auth)
        .send({ ...profile, email: 'other@example.com' })
        .expect(400);
      expect(changed.body.errors).toEqual([
        { field: 'email', msg: 'Email cannot be changed from the profile', code: 'READ_ONLY' },
      ]);
      const missing = await t.http.put('/api/users/profile').set(session.auth).send({}).expect(400);
      expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'country',
        'name',
        'profession',
      ]);
      const me = await t.http.get('/api/auth/me').set(session.auth).expect(200);
      expect(me.body.email).toBe(session.user.email);
    });

    it('checks social links are URLs and languages are lists', async () => {
      const session = await registerMember(t.http);
      const res = await t.http
        .put('/api/users/profile')
        .set(session.auth)
        .send({ ...profile, socialLinks: { twitter: 'not a url' }, languages: 'Amharic' })
        .expect(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          {
            field: 'socialLinks.twitter',
            msg: 'Twitter link must be a valid URL',
            code: 'INVALID_URL',
          },
          { field: 'languages', msg: 'languages must be a list', code: 'WRONG_TYPE' },
        ]),
      );
    });

    it('needs a signed-in member', async () => {
      await t.http.put('/api/users/profile').send(profile).expect(401);
    });
  });

  describe('GET /api/users and roles', () => {
    it('lets the admin list users with pagination, newest first', async () => {
      await registerMember(t.http);
      const admin = await loginAdmin(t.http);
      expect(admin.user.role).toBe('admin');
      const res = await t.http.get('/api/users?page=1&limit=2').set(admin.auth).expect(200);
      expect(res.body.users).toHaveLength(2);
      expect(res.body.page).toBe(1);
      expect(res.body.total).toBeGreaterThanOrEqual(3);
      expect(res.body.totalPages).toBe(Math.ceil(res.body.total / 2));
      const page2 = await t.http.get('/api/users?page=2&limit=2').set(admin.auth).expect(200);
      expect(page2.body.users[0]._id).not.toBe(res.body.users[0]._id);
    });

    it('refuses a member with 403 and a guest with 401', async () => {
      const member = await registerMember(t.http);
      const res = await t.http.get('/api/users').set(member.auth).expect(403);
      expect(res.body.statusCode).toBe(403);
      expect(res.body.msg).toEqual(expect.any(String));
      await t.http.get('/api/users').expect(401);
    });

    it('rejects bad pagination input', async () => {
      const admin = await loginAdmin(t.http);
      const res = await t.http.get('/api/users?page=0&limit=1000').set(admin.auth).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'limit',
        'page',
      ]);
      await t.http.get('/api/users?page=abc').set(admin.auth).expect(400);
    });
  });

  /**
   * Registers a member who confirms their address, boots a second app on the same database with
   * ADMIN_EMAIL naming them and this ADMIN_PASSWORD, and signs them in there with their own
   * password, which must still work.
   */
  async function bootNamingMemberAdmin(
    adminPassword: string,
    check: (app: TestApp, token: string) => Promise<void>,
  ) {
    const member = newMember();
    const registered = await t.http.post('/api/auth/register').send(member).expect(201);
    await markEmailVerified(t.http, registered.body.user._id);
    const restarted = await createTestApp({
      databaseUrl: t.config.databaseUrl,
      env: { ADMIN_EMAIL: member.email, ADMIN_PASSWORD: adminPassword },
    });
    try {
      const res = await restarted.http
        .post('/api/auth/login')
        .send({ email: member.email, password: member.password })
        .expect(200);
      expect(res.body.user.role).toBe('admin');
      await check(restarted, res.body.token);
    } finally {
      await restarted.close();
    }
  }

  it('promotes an existing account named by ADMIN_EMAIL at boot', async () => {
    // The existing password stays; only the role changes.
    await bootNamingMemberAdmin('new-admin-password', async (restarted, token) => {
      await restarted.http.get('/api/users').set('Authorization', `Bearer ${token}`).expect(200);
    });
  });

  it('leaves a member named by ADMIN_EMAIL as a member while their address is unconfirmed', async () => {
    // Anyone can register any address: only a confirmed one is the operator's.
    const member = newMember();
    await t.http.post('/api/auth/register').send(member).expect(201);
    const restarted = await createTestApp({
      databaseUrl: t.config.databaseUrl,
      env: { ADMIN_EMAIL: member.email, ADMIN_PASSWORD: 'new-admin-password' },
    });
    try {
      const res = await restarted.http
        .post('/api/auth/login')
        .send({ email: member.email, password: member.password })
        .expect(200);
      expect(res.body.user.role).toBe('member');
      await restarted.http
        .get('/api/users')
        .set('Authorization', `Bearer ${res.body.token}`)
        .expect(403);
    } finally {
      await restarted.close();
    }
  });

  it('refuses to create the admin from a guessable ADMIN_PASSWORD, and leaves an existing one be', async () => {
    const email = `weak-admin-${Date.now()}@example.com`;
    await expect(
      createTestApp({
        databaseUrl: t.config.databaseUrl,
        env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'password123' },
      }),
    ).rejects.toThrow('ADMIN_PASSWORD is too common or too easy to guess: use a longer phrase');
    // Nothing was written for the refused admin.
    const guest = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'password123' })
      .expect(401);
    expect(guest.body.code).toBe('INVALID_CREDENTIALS');

    // An existing account keeps its own password, so the configured one is neither checked nor used.
    await bootNamingMemberAdmin('password123', async () => undefined);
  });

  it('slows down repeated failed sign-ins to one account without locking the owner out', async () => {
    const password = 'Strong-pass-2026';
    const member = await registerMember(t.http, { password });
    const attempt = (password: string) =>
      t.http.post('/api/auth/login').send({ email: member.user.email, password });
    for (let i = 0; i < 5; i++) await attempt('wrong-password-x').expect(401);
    // The fifth failure asks for a 2 s pause: even the right password waits.
    const blocked = await attempt(password).expect(429);
    // It says how long: the 2 s left (1 s on a slow run), in the text, the body and the header.
    const { retryAfter } = blocked.body as { retryAfter: number };
    expect([1, 2]).toContain(retryAfter);
    expect(blocked.body).toEqual({
      statusCode: 429,
      msg: `Too many wrong passwords for this account. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      code: 'LOGIN_BACKOFF',
      retryAfter,
    });
    expect(blocked.headers['retry-after']).toBe(String(retryAfter));
    // Another account is not affected.
    await loginAdmin(t.http);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    await attempt(password).expect(200);
    // Success clears the count: one new mistake does not block.
    await attempt('wrong-password-x').expect(401);
    await attempt(password).expect(200);
  });
});
