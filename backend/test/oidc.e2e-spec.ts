import { randomBytes } from 'node:crypto';
import { loginAdmin, registerMember } from './support/factories';
import {
  atProvider,
  backAtApi,
  signInWithProvider,
  startProvider,
  TestProvider,
} from './support/oidc';
import { createTestApp, TestApp } from './support/test-app';

/** The redirect URI the test app registers (PUBLIC_URL defaults to http://localhost:3000). */
const CALLBACK = 'http://localhost:3000/api/auth/oidc/testid/callback';

const unique = () => randomBytes(4).toString('hex');
const address = (name: string) => `${name}-${unique()}@example.com`;

describe('sign-in with an OpenID Connect provider (a real oidc-provider on a local port)', () => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProvider([CALLBACK]);
    t = await createTestApp({
      env: {
        OIDC_PROVIDERS: 'testid,down',
        ...provider.env('testid', 'Test ID'),
        // A provider that cannot be reached: nothing listens on port 9 of the loopback.
        OIDC_DOWN_ISSUER: 'http://127.0.0.1:9',
        OIDC_DOWN_CLIENT_ID: 'x',
        OIDC_DOWN_CLIENT_SECRET: 'y',
        OIDC_DOWN_NAME: 'Down ID',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  it('lists the configured providers by name for the buttons', async () => {
    const res = await t.http.get('/api/auth/oidc/providers').expect(200);
    expect(res.body).toEqual({
      providers: [
        { id: 'testid', name: 'Test ID' },
        { id: 'down', name: 'Down ID' },
      ],
    });
  });

  it('starts with PKCE (S256), state and nonce, and binds the attempt to the browser in an HttpOnly cookie', async () => {
    const res = await t.http.post('/api/auth/oidc/testid/start').send({}).expect(201);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['code_challenge', 'state', 'nonce']) {
      expect(url.searchParams.get(param)).toMatch(/^[\w-]{20,}$/);
    }
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^oidc_attempt=[\w-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
    // The cookie is sealed: neither the state nor the verifier can be read from it.
    expect(cookie).not.toContain(url.searchParams.get('state'));
  });

  it('a first sign-in creates a member from the verified claims, asked next for country and profession', async () => {
    const email = address('abebe');
    const account = { sub: `s-${unique()}`, email, email_verified: true, name: 'Abebe Bikila' };
    const first = await signInWithProvider(t.http, 'testid', account);
    expect(first.user).toMatchObject({
      name: 'Abebe Bikila',
      email,
      emailVerified: true,
      profileComplete: false,
      country: null,
      profession: null,
    });
    const me = await t.http.get('/api/auth/me').set(first.auth).expect(200);
    expect(me.body.profileComplete).toBe(false);
    // Completing the profile: what the spec requires and the provider did not give.
    const done = await t.http
      .put('/api/users/profile')
      .set(first.auth)
      .send({ name: 'Abebe Bikila', country: 'Canada', profession: 'Runner' })
      .expect(200);
    expect(done.body.profileComplete).toBe(true);
    // The same provider account signs in to the same member; it has no password.
    const again = await signInWithProvider(t.http, 'testid', account);
    expect(again.user._id).toBe(first.user._id);
    const methods = await t.http.get('/api/account/sign-in-methods').set(again.auth).expect(200);
    expect(methods.body).toMatchObject({
      password: false,
      identities: [{ provider: 'testid', name: 'Test ID', email }],
    });
    await t.http.post('/api/auth/login').send({ email, password: 'anything-at-all' }).expect(401);
  });

  it('until the profile is complete, the API leaves the member only their account and profile', async () => {
    const account = { sub: `s-${unique()}`, email: address('tsehay'), email_verified: true };
    const { auth } = await signInWithProvider(t.http, 'testid', account);
    // Acting in the community (the members' directory, an RSVP) waits for country and profession.
    for (const call of [
      t.http.get('/api/directory').set(auth),
      t.http.get('/api/payments/tickets').set(auth),
    ]) {
      const refused = await call.expect(403);
      expect(refused.body).toEqual({
        statusCode: 403,
        code: 'PROFILE_INCOMPLETE',
        msg: 'Please complete your profile first: add your country and profession.',
      });
    }
    // Their own account and profile stay open, and guests' pages still answer.
    await t.http.get('/api/auth/me').set(auth).expect(200);
    await t.http.get('/api/account/sign-in-methods').set(auth).expect(200);
    await t.http.get('/api/events').set(auth).expect(200);
    await t.http
      .put('/api/users/profile')
      .set(auth)
      .send({ name: 'Tsehay', country: 'Kenya', profession: 'Nurse' })
      .expect(200);
    // At once: the same token now reaches the rest.
    await t.http.get('/api/directory').set(auth).expect(200);
    await t.http.get('/api/payments/tickets').set(auth).expect(200);
  });

  it('a provider address it does not vouch for makes an unconfirmed member', async () => {
    const email = address('unverified');
    const session = await signInWithProvider(t.http, 'testid', {
      sub: `s-${unique()}`,
      email,
      email_verified: false,
      name: 'Not Sure',
    });
    expect(session.user).toMatchObject({ email, emailVerified: false });
  });

  describe('an existing account (no takeover)', () => {
    it('is linked when the provider asserts the same address as verified and the account confirmed it', async () => {
      const email = address('linked');
      const member = await registerMember(t.http, { email });
      const session = await signInWithProvider(t.http, 'testid', {
        sub: `s-${unique()}`,
        email: email.toUpperCase(),
        email_verified: true,
      });
      expect(session.user._id).toBe(member.user._id);
      const methods = await t.http.get('/api/account/sign-in-methods').set(member.auth).expect(200);
      expect(methods.body.password).toBe(true);
      expect(methods.body.identities).toHaveLength(1);
    });

    it('is never taken over by an unverified claim of its address', async () => {
      const email = address('victim');
      const member = await registerMember(t.http, { email });
      for (const claims of [{ email_verified: false }, {}]) {
        const { callback, attempt } = await atProvider(t.http, 'testid', {
          sub: `attacker-${unique()}`,
          email,
          ...claims,
        });
        const back = await backAtApi(t.http, callback, attempt);
        expect(back).toMatchObject({
          location: '/login?oidcError=OIDC_ACCOUNT_EXISTS',
          handOff: undefined,
        });
      }
      const methods = await t.http.get('/api/account/sign-in-methods').set(member.auth).expect(200);
      expect(methods.body.identities).toEqual([]);
    });

    it('is not linked by a verified claim while its own address is unconfirmed (registered by someone else, perhaps)', async () => {
      const email = address('squatted');
      const squatter = await registerMember(t.http, { email }, { verified: false });
      const { callback, attempt } = await atProvider(t.http, 'testid', {
        sub: `owner-${unique()}`,
        email,
        email_verified: true,
      });
      const back = await backAtApi(t.http, callback, attempt);
      expect(back.location).toBe('/login?oidcError=OIDC_ACCOUNT_EXISTS');
      const methods = await t.http
        .get('/api/account/sign-in-methods')
        .set(squatter.auth)
        .expect(200);
      expect(methods.body.identities).toEqual([]);
    });

    it('a blocked member signing in with a provider ends on the sign-in page, told why', async () => {
      const admin = await loginAdmin(t.http);
      const account = { sub: `s-${unique()}`, email: address('blocked'), email_verified: true };
      const session = await signInWithProvider(t.http, 'testid', account);
      await t.http.put(`/api/users/${session.user._id}/block`).set(admin.auth).expect(200);
      const { callback, attempt } = await atProvider(t.http, 'testid', account);
      expect((await backAtApi(t.http, callback, attempt)).location).toBe(
        '/login?oidcError=ACCOUNT_BLOCKED',
      );
    });
  });

  describe('linking and unlinking from the profile', () => {
    it('links a provider account with another address, signs in with it, and unlinks it (the password stays)', async () => {
      const member = await registerMember(t.http);
      const account = { sub: `s-${unique()}`, email: address('other'), email_verified: false };
      const { callback, attempt } = await atProvider(t.http, 'testid', account, {
        intent: 'link',
        auth: member.auth,
      });
      expect((await backAtApi(t.http, callback, attempt)).location).toBe(
        '/profile?oidcLinked=testid',
      );
      const session = await signInWithProvider(t.http, 'testid', account);
      expect(session.user._id).toBe(member.user._id);
      const after = await t.http
        .delete('/api/account/sign-in-methods/testid')
        .set(member.auth)
        .expect(200);
      expect(after.body).toEqual({ password: true, identities: [] });
      await t.http.delete('/api/account/sign-in-methods/testid').set(member.auth).expect(404);
    });

    it('never removes the last way to sign in', async () => {
      const session = await signInWithProvider(t.http, 'testid', {
        sub: `s-${unique()}`,
        email: address('only'),
        email_verified: true,
      });
      const res = await t.http
        .delete('/api/account/sign-in-methods/testid')
        .set(session.auth)
        .expect(409);
      expect(res.body).toMatchObject({ code: 'OIDC_LAST_SIGN_IN_METHOD' });
    });

    it('refuses to link a provider account that signs in to another member, and a link without a session', async () => {
      const account = { sub: `s-${unique()}`, email: address('taken'), email_verified: true };
      await signInWithProvider(t.http, 'testid', account);
      const member = await registerMember(t.http);
      const { callback, attempt } = await atProvider(t.http, 'testid', account, {
        intent: 'link',
        auth: member.auth,
      });
      expect((await backAtApi(t.http, callback, attempt)).location).toBe(
        '/profile?oidcError=OIDC_IDENTITY_TAKEN',
      );
      await t.http.post('/api/auth/oidc/testid/start').send({ intent: 'link' }).expect(401);
    });

    it("shows how each member signs in on the admin's user list", async () => {
      const admin = await loginAdmin(t.http);
      const email = address('listed');
      await signInWithProvider(t.http, 'testid', {
        sub: `s-${unique()}`,
        email,
        email_verified: true,
      });
      const res = await t.http
        .get('/api/users')
        .query({ search: email })
        .set(admin.auth)
        .expect(200);
      expect(res.body.users).toEqual([
        expect.objectContaining({ email, signInMethods: ['testid'] }),
      ]);
      const admins = await t.http
        .get('/api/users')
        .query({ search: 'admin@' })
        .set(admin.auth)
        .expect(200);
      expect(admins.body.users[0].signInMethods).toEqual(['password']);
    });
  });

  describe('errors end on the sign-in page with a code, never a 500', () => {
    it('denied consent', async () => {
      const { callback, attempt } = await atProvider(t.http, 'testid', 'deny');
      expect(callback.searchParams.get('error')).toBe('access_denied');
      const back = await backAtApi(t.http, callback, attempt);
      expect(back).toMatchObject({
        location: '/login?oidcError=OIDC_CONSENT_DENIED',
        attemptCleared: true,
      });
    });

    it('a mismatched state, or an answer this browser did not ask for', async () => {
      const account = { sub: `s-${unique()}`, email: address('state'), email_verified: true };
      const { callback, attempt } = await atProvider(t.http, 'testid', account);
      const forged = new URL(callback);
      forged.searchParams.set('state', 'not-the-state-we-sent');
      expect((await backAtApi(t.http, forged, attempt)).location).toBe(
        '/login?oidcError=OIDC_STATE_MISMATCH',
      );
      // Another browser (no attempt cookie, or one that was altered) with the real answer.
      expect((await backAtApi(t.http, callback, undefined)).location).toBe(
        '/login?oidcError=OIDC_STATE_MISMATCH',
      );
      expect((await backAtApi(t.http, callback, `${attempt.slice(0, -2)}xx`)).location).toBe(
        '/login?oidcError=OIDC_STATE_MISMATCH',
      );
    });

    it('an expired or already used code', async () => {
      const account = { sub: `s-${unique()}`, email: address('replay'), email_verified: true };
      const { callback, attempt } = await atProvider(t.http, 'testid', account);
      expect((await backAtApi(t.http, callback, attempt)).location).toBe('/login?oidc=signed-in');
      expect((await backAtApi(t.http, callback, attempt)).location).toBe(
        '/login?oidcError=OIDC_CODE_INVALID',
      );
    });

    it('a hand-off that is missing or forged gets no session', async () => {
      const none = await t.http.post('/api/auth/oidc/session').expect(401);
      expect(none.body).toMatchObject({ code: 'OIDC_SESSION_MISSING' });
      await t.http.post('/api/auth/oidc/session').set('Cookie', 'oidc_handoff=abc').expect(401);
    });

    it('a hand-off is exchanged once: a copy of the cookie replayed gets no second session', async () => {
      const account = { sub: `s-${unique()}`, email: address('replay'), email_verified: true };
      const { callback, attempt } = await atProvider(t.http, 'testid', account);
      const back = await backAtApi(t.http, callback, attempt);
      const cookie = `oidc_handoff=${back.handOff}`;
      const [first, second] = await Promise.all([
        t.http.post('/api/auth/oidc/session').set('Cookie', cookie),
        t.http.post('/api/auth/oidc/session').set('Cookie', cookie),
      ]);
      // Two at once (two replicas, say): exactly one session.
      expect([first.status, second.status].sort()).toEqual([200, 401]);
      const late = await t.http.post('/api/auth/oidc/session').set('Cookie', cookie).expect(401);
      expect(late.body).toMatchObject({ code: 'OIDC_SESSION_MISSING', msg: expect.any(String) });
    });

    it('an unknown provider', async () => {
      const res = await t.http.post('/api/auth/oidc/nobody/start').send({}).expect(404);
      expect(res.body).toMatchObject({ code: 'OIDC_PROVIDER_UNKNOWN' });
      const back = await t.http.get('/api/auth/oidc/nobody/callback?code=x&state=y').expect(302);
      expect(back.headers.location).toBe('/login?oidcError=OIDC_PROVIDER_UNKNOWN');
    });

    it('a provider that cannot be reached: at the start (503 with a code), and at the answer', async () => {
      const res = await t.http.post('/api/auth/oidc/down/start').send({}).expect(503);
      expect(res.body).toMatchObject({ code: 'OIDC_PROVIDER_UNAVAILABLE' });
      // The provider goes down between the member's consent and the code exchange.
      const account = { sub: `s-${unique()}`, email: address('down'), email_verified: true };
      const { callback, attempt } = await atProvider(t.http, 'testid', account);
      await provider.stop();
      expect((await backAtApi(t.http, callback, attempt)).location).toBe(
        '/login?oidcError=OIDC_PROVIDER_UNAVAILABLE',
      );
    });
  });
});
