import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ContactRepository } from '../src/modules/contact/contact.repository';
import { appWithAdminAndMember, loginAdmin, Session } from './support/factories';
import { freePort } from './support/ports';
import { SmtpSink } from './support/smtp-sink';
import { ADMIN, createTestApp, TestApp } from './support/test-app';

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hanna Girma',
  email: 'hanna@example.org',
  subject: 'Volunteering',
  message: 'I would like to help with the youth programme.',
  ...overrides,
});

const THANK_YOU = 'Thank you for your message! We will get back to you soon.';

describe('contact: with a real SMTP server', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    await smtp.start();
    ({ t, admin, member } = await appWithAdminAndMember({ env: { SMTP_URL: smtp.url } }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('stores the message, emails the admins through the queue and answers sent', async () => {
    const res = await t.http.post('/api/contact').send(message()).expect(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      msg: THANK_YOU,
      emailSent: true,
      emailConfigured: true,
      emailError: null,
    });
    const mail = smtp.messages.find((m) => m.subject === 'Contact form: Volunteering');
    expect(mail?.to).toEqual([ADMIN.email]);
    expect(mail?.raw).toContain('I would like to help with the youth programme.');
    expect(mail?.raw).toMatch(/^Reply-To: hanna@example\.org/im);

    const list = await t.http.get('/api/contact/messages').set(admin.auth).expect(200);
    expect(list.body.messages[0]).toMatchObject({
      _id: res.body._id,
      name: 'Hanna Girma',
      email: 'hanna@example.org',
      subject: 'Volunteering',
      status: 'new',
      emailStatus: 'sent',
    });
  });

  it('refuses each missing, invalid or over-long field with its own message, storing nothing', async () => {
    const before = (await t.http.get('/api/contact/messages').set(admin.auth)).body.total;
    const empty = await t.http.post('/api/contact').send({}).expect(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.body.errors).toEqual([
      { field: 'name', msg: 'Name is required', code: 'REQUIRED' },
      { field: 'email', msg: 'Email is required', code: 'REQUIRED' },
      { field: 'subject', msg: 'Subject is required', code: 'REQUIRED' },
      { field: 'message', msg: 'Message is required', code: 'REQUIRED' },
    ]);
    const blank = await t.http
      .post('/api/contact')
      .send(message({ name: '   ', email: 'not-an-email' }))
      .expect(400);
    expect(blank.body.errors).toEqual([
      { field: 'name', msg: 'Name is required', code: 'REQUIRED' },
      { field: 'email', msg: 'Please enter a valid email address', code: 'INVALID_EMAIL' },
    ]);
    const long = await t.http
      .post('/api/contact')
      .send(message({ subject: 's'.repeat(201), message: 'm'.repeat(5001) }))
      .expect(400);
    expect(long.body.errors).toEqual([
      { field: 'subject', msg: 'Subject must be at most 200 characters', code: 'TOO_LONG' },
      { field: 'message', msg: 'Message must be at most 5000 characters', code: 'TOO_LONG' },
    ]);
    const extra = await t.http
      .post('/api/contact')
      .send(message({ phone: '123' }))
      .expect(400);
    expect(extra.body.errors).toEqual([
      { field: 'phone', msg: 'phone is not an allowed field', code: 'UNKNOWN_FIELD' },
    ]);
    const after = (await t.http.get('/api/contact/messages').set(admin.auth)).body.total;
    expect(after).toBe(before);
  });

  it('lets admins page, filter and mark messages, each change audited; members cannot', async () => {
    const before = (await t.http.get('/api/contact/messages').set(admin.auth)).body.total;
    for (let i = 0; i < 3; i++) {
      await t.http
        .post('/api/contact')
        .send(message({ subject: `Paging ${i}` }))
        .expect(201);
    }
    const page = await t.http
      .get('/api/contact/messages?page=1&limit=2')
      .set(admin.auth)
      .expect(200);
    expect(page.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Paging 2',
      'Paging 1',
    ]);
    expect(page.body).toMatchObject({
      page: 1,
      total: before + 3,
      totalPages: Math.ceil((before + 3) / 2),
      unread: before + 3,
    });

    const target = page.body.messages[0]._id;
    const read = await t.http
      .put(`/api/contact/messages/${target}/status`)
      .set(admin.auth)
      .send({ status: 'read' })
      .expect(200);
    expect(read.body).toMatchObject({ _id: target, status: 'read', emailStatus: 'sent' });
    await t.http
      .put(`/api/contact/messages/${target}/status`)
      .set(admin.auth)
      .send({ status: 'handled' })
      .expect(200);
    const handled = await t.http
      .get('/api/contact/messages?status=handled')
      .set(admin.auth)
      .expect(200);
    expect(handled.body).toMatchObject({ total: 1, unread: before + 2 });
    expect(handled.body.messages[0]._id).toBe(target);

    const audit = await t.http
      .get(`/api/admin/audit?targetId=${target}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries.map((e: { details: unknown }) => e.details)).toEqual([
      { from: 'read', to: 'handled' },
      { from: 'new', to: 'read' },
    ]);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'CONTACT_MESSAGE_STATUS_CHANGED',
      targetType: 'contact_message',
      actor: { _id: admin.user._id, name: ADMIN.name },
    });

    const bad = await t.http
      .put(`/api/contact/messages/${target}/status`)
      .set(admin.auth)
      .send({ status: 'archived' })
      .expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'status', msg: 'status must be new, read or handled', code: 'NOT_ALLOWED' },
    ]);
    await t.http
      .put(`/api/contact/messages/${randomUUID()}/status`)
      .set(admin.auth)
      .send({ status: 'read' })
      .expect(404);
    await t.http.get('/api/contact/messages').set(member.auth).expect(403);
    await t.http.get('/api/contact/messages').expect(401);
    await t.http
      .put(`/api/contact/messages/${target}/status`)
      .set(member.auth)
      .send({ status: 'read' })
      .expect(403);
  });

  it('changes a status with its audit entry or not at all', async () => {
    const sql = new Client({ connectionString: t.config.databaseUrl });
    await sql.connect();
    await t.http
      .post('/api/contact')
      .send(message({ subject: 'Audited together' }))
      .expect(201);
    const inbox = async () =>
      (await t.http.get('/api/contact/messages?limit=100').set(admin.auth).expect(200)).body
        .messages as Array<{ _id: string; subject: string; status: string }>;
    const target = (await inbox()).find((m) => m.subject === 'Audited together')!;
    const mark = () =>
      t.http
        .put(`/api/contact/messages/${target._id}/status`)
        .set(admin.auth)
        .send({ status: 'read' });
    try {
      // The audit entry cannot be written, as if the server failed between the two statements.
      await sql.query(`create function fail_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit write failed on purpose (test)'; end $$`);
      await sql.query(`create trigger fail_audit before insert on audit_log
        for each row execute function fail_audit()`);
      expect((await mark()).status).toBe(500);
      expect((await inbox()).find((m) => m._id === target._id)?.status).toBe('new');

      await sql.query('drop trigger fail_audit on audit_log');
      await mark().expect(200);
      const audit = await t.http
        .get(`/api/admin/audit?targetId=${target._id}`)
        .set(admin.auth)
        .expect(200);
      expect(audit.body.entries.map((e: { details: unknown }) => e.details)).toEqual([
        { from: 'new', to: 'read' },
      ]);
    } finally {
      await sql.query('drop trigger if exists fail_audit on audit_log');
      await sql.query('drop function if exists fail_audit()');
      await sql.end();
    }
  });
});

describe('contact: SMTP down', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens here: the first attempt fails at once with the client's error code.
    const port = await freePort();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  });
  afterAll(() => t.close());

  it('keeps the message and reports the failed email with its message and code', async () => {
    const res = await t.http.post('/api/contact').send(message()).expect(201);
    expect(res.body).toMatchObject({
      msg: THANK_YOU,
      emailSent: false,
      emailConfigured: true,
      emailError: {
        message: 'The mail server could not be reached',
        code: expect.stringMatching(/^(ECONNECTION|ESOCKET)$/),
      },
    });
    // The SMTP client's own text names the server's address: visitors never read it.
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
    const stored = await t.app.get(ContactRepository).findById(res.body._id);
    expect(stored).toMatchObject({ subject: 'Volunteering', mailMessageId: expect.any(String) });
  });
});

describe('contact: without SMTP, and its rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_CONTACT: '2' } });
  });
  afterAll(() => t.close());

  it('saves the message and says email is not configured', async () => {
    const res = await t.http.post('/api/contact').send(message()).expect(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      msg: THANK_YOU,
      emailSent: false,
      emailConfigured: false,
      emailError: null,
    });
    const admin = await loginAdmin(t.http);
    const list = await t.http.get('/api/contact/messages').set(admin.auth).expect(200);
    expect(list.body.messages[0]).toMatchObject({
      _id: res.body._id,
      emailStatus: 'not_configured',
    });
  });

  it('answers 429 beyond RATE_LIMIT_CONTACT messages per address, storing nothing more', async () => {
    await t.http
      .post('/api/contact')
      .send(message({ subject: 'second' }))
      .expect(201);
    const limited = await t.http
      .post('/api/contact')
      .send(message({ subject: 'third' }))
      .expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', msg: expect.any(String) });
    const client = new Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    const { rows } = await client.query('SELECT subject FROM contact_messages ORDER BY created_at');
    await client.end();
    expect(rows.map((row) => row.subject)).toEqual(['Volunteering', 'second']);
  });
});
