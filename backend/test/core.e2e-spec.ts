import { registerMember } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

describe('API core: root, health, docs, errors, security', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN: '3', BODY_LIMIT_BYTES: '20000' } });
  });
  afterAll(() => t.close());

  it('GET /api describes the API', async () => {
    const res = await t.http.get('/api').expect(200);
    expect(res.body).toMatchObject({
      name: expect.any(String),
      version: expect.any(String),
      docs: '/api/docs',
    });
  });

  it('GET /api/health reports the database and the queue', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: 'up',
      databaseDriver: 'postgres',
      queue: 'up',
    });
    expect(res.body.queueDriver).toBe(process.env.TEST_REDIS_URL ? 'bullmq' : 'in-process');
  });

  it('serves Swagger UI and a document where every route is tagged and summarised', async () => {
    await t.http.get('/api/docs').expect(200).expect('content-type', /html/);
    const doc = (await t.http.get('/api/docs-json').expect(200)).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.values(
      doc.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>,
    ).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(5);
    for (const operation of operations) {
      expect(operation.tags?.length).toBeGreaterThan(0);
      expect(operation.summary).toEqual(expect.any(String));
    }
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    const get = await t.http.get('/api/no-such-thing').expect(404);
    expect(get.body).toMatchObject({ statusCode: 404, msg: expect.any(String) });
    const post = await t.http.post('/api/no-such-thing').send({}).expect(404);
    expect(post.body).toMatchObject({ statusCode: 404, msg: expect.any(String) });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email": "a@b.c", ')
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      msg: expect.any(String),
      code: expect.any(String),
    });
    expect(res.body.stack).toBeUndefined();
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(50000) }))
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, msg: 'The request body is too large' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.http.get('/api/health').set('x-request-id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    // A JSON answer gets the API set: it loads nothing, is never framed, never sniffed.
    expect(res.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    // Framing is CSP's frame-ancestors; a referrer policy has nothing to act on in JSON; and HSTS
    // is never sent over plain http (RFC 6797 §7.2).
    for (const absent of [
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
      'cross-origin-opener-policy',
    ]) {
      expect({ [absent]: res.headers[absent] }).toEqual({});
    }
    // Swagger UI is a document: it gets the pages' policy, which lets it load its own scripts.
    const docs = await t.http.get('/api/docs').expect(200);
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an origin that is not configured', async () => {
    const res = await t.http.get('/api').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits login with a 429 and a msg', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++) {
      attempts.push(
        await t.http
          .post('/api/auth/login')
          .send({ email: 'x@example.com', password: 'wrong-pass' }),
      );
    }
    expect(attempts.slice(0, 3).map((r) => r.status)).toEqual([401, 401, 401]);
    expect(attempts[3].status).toBe(429);
    const { retryAfter } = attempts[3].body as { retryAfter: number };
    expect(attempts[3].body).toEqual({
      statusCode: 429,
      msg: expect.stringMatching(
        /^Too many attempts\. Please try again in (1 minute|\d+ seconds)\.$/,
      ),
      code: 'RATE_LIMITED',
      retryAfter: expect.any(Number),
    });
    // The wait is what is left of the window, in the text and the header alike.
    expect(retryAfter).toBeGreaterThan(t.config.rateLimits.windowSeconds - 10);
    expect(retryAfter).toBeLessThanOrEqual(t.config.rateLimits.windowSeconds);
    expect(attempts[3].headers['retry-after']).toBe(String(retryAfter));
  });

  it('records mail as not configured when SMTP is unset', async () => {
    const session = await registerMember(t.http);
    const { MailRepository } = await import('../src/modules/mail/mail.repository');
    const latest = await t.app.get(MailRepository).latest(5);
    // Registration sends the welcome and the address confirmation; neither can go out.
    const mine = latest.filter((m) => m.to === session.user.email);
    expect(mine.map((m) => [m.template, m.status]).sort()).toEqual([
      ['emailVerification', 'not_configured'],
      ['welcome', 'not_configured'],
    ]);
  });
});

describe('health when the database is down', () => {
  it('answers 503 with database down', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.http.get('/api/health').expect(503);
      expect(res.body).toMatchObject({ status: 'down', database: 'down' });
    } finally {
      await t.close();
    }
  });
});

describe('client addresses behind proxies', () => {
  /** Four failed logins, each claiming another address; the limit is two per address. */
  async function loginStatuses(env: Record<string, string>): Promise<number[]> {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN: '2', ...env } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', `203.0.113.${i}`)
          .send({ email: 'x@example.com', password: 'wrong-pass' });
        statuses.push(res.status);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY says so (no dodging rate limits)', async () => {
    expect(await loginStatuses({})).toEqual([401, 401, 429, 429]);
  });

  it('uses the forwarded address behind a trusted proxy', async () => {
    expect(await loginStatuses({ TRUST_PROXY: '1' })).toEqual([401, 401, 401, 401]);
  });

  it('sends HSTS on answers to https requests only, as a trusted proxy tells', async () => {
    const hstsOf = async (t: TestApp, path: string) =>
      (await t.http.get(path).set('X-Forwarded-Proto', 'https')).headers[
        'strict-transport-security'
      ] as string | undefined;
    const trusting = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      expect(await hstsOf(trusting, '/api/health')).toContain('max-age=31536000');
      expect(await hstsOf(trusting, '/api/docs')).toContain('max-age=31536000');
      const plain = await trusting.http.get('/api/health');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await trusting.close();
    }
    // Without TRUST_PROXY the header is anyone's to send: the connection itself is plain http.
    const direct = await createTestApp();
    try {
      expect(await hstsOf(direct, '/api/health')).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});
