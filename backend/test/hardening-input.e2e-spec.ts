import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createEvent, eventForm, withFields } from './support/events';
import { appWithAdminAndMember, newMember, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, TestApp } from './support/test-app';
import { Lifecycle } from '../src/modules/health/lifecycle';

const NUL = '\u0000';
const SHAPE = { statusCode: expect.any(Number), msg: expect.any(String), code: expect.any(String) };

/** A JSON text nested `levels` deep: {"a":{"a":...}}. */
function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** Sends a raw request to the listening server and returns its status, headers and body text. */
function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('No input makes a 500 (regressions from issue 15)', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    ({ t, admin, member } = await appWithAdminAndMember());
  });
  afterAll(() => t.close());

  describe('a NUL character in any text is a 400 naming the field', () => {
    it('in the login email', async () => {
      const res = await t.http
        .post('/api/auth/login')
        .send({ email: `a${NUL}@b.c`, password: 'whatever-123' })
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        msg: 'email contains a character that is not allowed (NUL)',
        code: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'email',
            msg: 'email contains a character that is not allowed (NUL)',
            code: 'INVALID',
          },
        ],
      });
    });

    it('a lone surrogate (found by the fuzz stage: the email validator threw on it)', async () => {
      const res = await t.http
        .post('/api/auth/register')
        .send(newMember({ email: '\ud800' }))
        .expect(400);
      expect(res.body.errors).toEqual([
        {
          field: 'email',
          msg: 'email contains an invalid character (an unpaired surrogate)',
          code: 'INVALID',
        },
      ]);
    });

    it('in a query parameter', async () => {
      const res = await t.http.get('/api/events?country=Eth%00iopia').expect(400);
      expect(res.body.errors).toEqual([
        { field: 'country', msg: expect.stringContaining('NUL'), code: 'INVALID' },
      ]);
    });

    it('in a path parameter', async () => {
      const res = await t.http.get('/api/comments/news/abc%00def');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(SHAPE);
    });

    it('in the register and profile names', async () => {
      const reg = await t.http
        .post('/api/auth/register')
        .send(newMember({ name: `Abebe${NUL}` }))
        .expect(400);
      expect(reg.body.errors).toEqual([
        { field: 'name', msg: expect.stringContaining('NUL'), code: 'INVALID' },
      ]);
      const profile = await t.http
        .put('/api/users/profile')
        .set(member.auth)
        .send({ name: `Abebe${NUL}`, skills: ['ok', `bad${NUL}`] })
        .expect(400);
      expect(profile.body.errors[0].field).toMatch(/^(name|skills\.1)$/);
    });

    it('in comment content and news titles', async () => {
      const article = await createArticle(t.http, admin);
      const comment = await t.http
        .post('/api/comments')
        .set(member.auth)
        .send({ content: `hello${NUL}`, contentType: 'news', contentId: article._id })
        .expect(400);
      expect(comment.body.errors[0].field).toBe('content');
      await t.http
        .post('/api/news')
        .set(admin.auth)
        .send({ title: `News${NUL}`, content: 'Body' })
        .expect(400);
      await t.http
        .put(`/api/news/${article._id}`)
        .set(admin.auth)
        .send({ title: `News${NUL}` })
        .expect(400);
    });

    it('in multipart event fields, including the JSON ones', async () => {
      const event = await createEvent(t.http, admin);
      for (const fields of [
        { ...eventForm(), title: `Gala${NUL}` },
        { ...eventForm(), location: JSON.stringify({ name: `Hall${NUL}`, country: 'Canada' }) },
      ]) {
        const res = await withFields(
          t.http.put(`/api/events/${event._id}`).set(admin.auth),
          fields,
        );
        expect(res.status).toBe(400);
        expect(res.body.errors[0].msg).toContain('NUL');
      }
    });
  });

  it('answers deeply nested JSON (3,000 levels) with a 400', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send(deepJson(3000))
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      msg: 'The request is nested too deeply (at most 32 levels)',
      code: 'BODY_TOO_DEEP',
    });
  });

  it('refuses a page past any real list on every paginated route', async () => {
    const article = await createArticle(t.http, admin);
    for (const path of [
      '/api/events?page=1e19',
      '/api/news?page=1e19',
      `/api/comments/news/${article._id}?page=1e19`,
      '/api/users?page=9223372036854775807',
    ]) {
      const res = await t.http.get(path).set(admin.auth);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.errors).toEqual([
        { field: 'page', msg: 'page must be at most 1000000', code: 'OUT_OF_RANGE' },
      ]);
    }
    await t.http.get('/api/events?page=1000000').expect(200);
  });

  it('treats PUT /api/news/:id with {} as a change of nothing', async () => {
    const article = await createArticle(t.http, admin);
    const res = await t.http.put(`/api/news/${article._id}`).set(admin.auth).send({}).expect(200);
    expect(res.body).toMatchObject({ _id: article._id, title: article.title });
  });

  it('refuses a name every object inherits, in a JSON body or a query, as an unknown field', async () => {
    // class-transformer skipped such names without a word: the whitelist never saw them.
    const body = await t.http
      .post('/api/contact')
      .send({ name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello', toString: 1 })
      .expect(400);
    expect(body.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'toString', code: 'UNKNOWN_FIELD' }],
    });
    const nested = await t.http
      .put('/api/users/profile')
      .set(member.auth)
      .send({ name: 'Member', socialLinks: { valueOf: 'x' } })
      .expect(400);
    expect(nested.body.errors).toEqual([
      expect.objectContaining({ field: 'socialLinks.valueOf', code: 'UNKNOWN_FIELD' }),
    ]);
    const query = await t.http.get('/api/events?constructor=1').expect(400);
    expect(query.body.errors).toEqual([
      expect.objectContaining({ field: 'constructor', code: 'UNKNOWN_FIELD' }),
    ]);
  });

  it('an empty body sent as JSON is no body; text that is not JSON stays a 400', async () => {
    // Spec 7: every call goes with a JSON content type, the bodiless ones (view, like) too.
    const json = { 'content-type': 'application/json' };
    const event = await createEvent(t.http, admin);
    await t.http.post(`/api/events/${event._id}/view`).set(member.auth).set(json).expect(200);
    const liked = await t.http
      .post(`/api/reactions/event/${event._id}/like`)
      .set(member.auth)
      .set(json)
      .expect(200);
    expect(liked.body).toMatchObject({ likes: 1, userReaction: 'like' });
    // A route that needs a body answers its own 400, as when nothing at all is declared.
    const login = await t.http.post('/api/auth/login').set(json).expect(400);
    expect(login.body).toEqual({
      statusCode: 400,
      msg: 'Email is required, Password is required',
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'email', msg: 'Email is required', code: 'REQUIRED' },
        { field: 'password', msg: 'Password is required', code: 'REQUIRED' },
      ],
    });
    for (const text of [' ', '{"email":', 'undefined']) {
      const bad = await t.http.post('/api/auth/login').set(json).send(text).expect(400);
      expect(bad.body).toEqual({
        statusCode: 400,
        msg: expect.stringContaining('not valid JSON'),
        code: 'BAD_REQUEST',
      });
    }
    // URL-encoded bodies are still read as before (the email arrived).
    const form = await t.http.post('/api/auth/login').type('form').send({ email: 'x' }).expect(400);
    expect(form.body.errors).toEqual([
      { field: 'password', msg: 'Password is required', code: 'REQUIRED' },
    ]);
  });
});

describe('One error shape everywhere', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: '20000' } });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a malformed URL', async () => {
    const res = await t.http.get('/api/events/%ZZ').expect(400);
    expect(res.body).toEqual({ statusCode: 400, msg: 'The address is not valid', code: 'BAD_URL' });
  });

  it('headers over the limit (431)', async () => {
    const res = await rawRequest(port, {
      path: '/api/health',
      headers: { 'x-big': 'a'.repeat(70000) },
    });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 431,
      msg: 'The request headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('a preflight without Origin', async () => {
    const res = await t.http.options('/api/events').expect(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({
      statusCode: 400,
      msg: 'A preflight request needs the Origin and Access-Control-Request-Method headers',
      code: 'BAD_PREFLIGHT',
    });
  });

  it('404 and an unsupported method', async () => {
    const missing = await t.http.get('/api/nothing-here').expect(404);
    expect(missing.body).toEqual({ ...SHAPE, statusCode: 404 });
    const wrongMethod = await t.http.patch('/api/health').send({});
    expect([404, 405]).toContain(wrongMethod.status);
    expect(wrongMethod.body).toEqual({ ...SHAPE, statusCode: wrongMethod.status });
  });

  it('413 and 415', async () => {
    const big = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(50000) }))
      .expect(413);
    expect(big.body).toEqual({ ...SHAPE, statusCode: 413 });
    const xml = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/xml')
      .send('<login/>')
      .expect(415);
    expect(xml.body).toEqual({ ...SHAPE, statusCode: 415 });
  });

  it('415 for a body sent compressed, with the encodings accepted; nothing written', async () => {
    const form = { name: 'Gzip Sender', email: 'gzip-sender@example.com', password: 'password123' };
    const packed = await t.http
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send(gzipSync(JSON.stringify(form)))
      .expect(415);
    expect(packed.headers['accept-encoding']).toBe('identity');
    expect(packed.body).toEqual({
      statusCode: 415,
      msg: 'Compressed request bodies are not accepted. Send the body without Content-Encoding.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    // Declared identity is a body as sent; the refused one left no account behind.
    await t.http
      .post('/api/auth/login')
      .set('content-encoding', 'identity')
      .send({ email: form.email, password: form.password })
      .expect(401);
  });

  it('requests that arrive while the server closes (503)', async () => {
    const lifecycle = t.app.get(Lifecycle);
    lifecycle.closing = true;
    try {
      const res = await t.http.get('/api/events').expect(503);
      expect(res.body).toEqual({
        statusCode: 503,
        msg: 'This server is restarting. Please try again in a moment.',
        code: 'SHUTTING_DOWN',
      });
    } finally {
      lifecycle.closing = false;
    }
  });
});
