import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { loginAdmin, newMember, registerMember, Session } from './support/factories';
import { ADMIN, createTestApp, TestApp } from './support/test-app';

describe('admin users: search, paging, approve, block, roles, audit log', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  it('searches name, email and profession on the server, case-insensitively, with pages', async () => {
    await registerMember(t.http, { name: 'Abebe Kebede', profession: 'Nurse' });
    await registerMember(t.http, { name: 'Tigist Alemu', profession: 'Architect' });
    await registerMember(t.http, { name: 'Yonas Haile', email: 'yonas.h@agency.test' });
    const byName = await t.http.get('/api/users?search=abebe').set(admin.auth).expect(200);
    expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(['Abebe Kebede']);
    const byProfession = await t.http.get('/api/users?search=ARCHI').set(admin.auth).expect(200);
    expect(byProfession.body.users.map((u: { name: string }) => u.name)).toEqual(['Tigist Alemu']);
    const byEmail = await t.http.get('/api/users?search=agency.test').set(admin.auth).expect(200);
    expect(byEmail.body).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    // LIKE wildcards are taken literally.
    const wildcard = await t.http.get('/api/users?search=%25').set(admin.auth).expect(200);
    expect(wildcard.body.total).toBe(0);

    const all = await t.http.get('/api/users?limit=2&page=2').set(admin.auth).expect(200);
    expect(all.body).toMatchObject({ page: 2, total: 4, totalPages: 2 });
    expect(all.body.users).toHaveLength(2);
    const bad = await t.http.get('/api/users?limit=0').set(admin.auth).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'limit', msg: 'limit must be at least 1', code: 'OUT_OF_RANGE' },
    ]);
  });

  it('approves a member once (a badge, recorded once in the audit log)', async () => {
    const member = await registerMember(t.http);
    expect(member.user).toMatchObject({ status: 'pending', approvedAt: null });
    const approved = await t.http
      .put(`/api/users/${member.user._id}/approve`)
      .set(admin.auth)
      .expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedAt: expect.any(String) });
    await t.http.put(`/api/users/${member.user._id}/approve`).set(admin.auth).expect(200);
    const audit = await t.http
      .get(`/api/admin/audit?targetId=${member.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'USER_APPROVED',
      targetType: 'user',
      targetLabel: `${member.user.name} <${member.user.email}>`,
      actor: { _id: admin.user._id, name: ADMIN.name },
    });
  });

  it('blocks a member: sign-in refused with a clear message, the live token stops at once', async () => {
    const credentials = newMember();
    await t.http.post('/api/auth/register').send(credentials).expect(201);
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: credentials.email, password: credentials.password })
      .expect(200);
    const auth = { Authorization: `Bearer ${login.body.token}` };
    await t.http.get('/api/auth/me').set(auth).expect(200);

    const blocked = await t.http
      .put(`/api/users/${login.body.user._id}/block`)
      .set(admin.auth)
      .expect(200);
    expect(blocked.body).toMatchObject({ status: 'blocked', blockedAt: expect.any(String) });

    const me = await t.http.get('/api/auth/me').set(auth).expect(401);
    expect(me.body).toMatchObject({
      code: 'ACCOUNT_BLOCKED',
      msg: expect.stringContaining('blocked'),
    });
    const again = await t.http
      .post('/api/auth/login')
      .send({ email: credentials.email, password: credentials.password })
      .expect(403);
    expect(again.body).toEqual({
      statusCode: 403,
      code: 'ACCOUNT_BLOCKED',
      msg: 'Your account has been blocked. Please contact us if you think this is a mistake.',
    });
    // A wrong password still reads as any failed sign-in: the block is not revealed.
    const wrong = await t.http
      .post('/api/auth/login')
      .send({ email: credentials.email, password: 'wrong-password' })
      .expect(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    // On public routes the blocked token counts as a guest.
    await t.http.get('/api/news').set(auth).expect(200);

    await t.http.put(`/api/users/${login.body.user._id}/unblock`).set(admin.auth).expect(200);
    // The block ended that session for good (token version, issue 17): the member signs in again.
    await t.http.get('/api/auth/me').set(auth).expect(401);
    const back = await t.http
      .post('/api/auth/login')
      .send({ email: credentials.email, password: credentials.password })
      .expect(200);
    await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${back.body.token}` })
      .expect(200);

    const audit = await t.http
      .get(`/api/admin/audit?targetId=${login.body.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'USER_UNBLOCKED',
      'USER_BLOCKED',
    ]);
  });

  it('approves once when several admins approve at the same moment (one audit entry)', async () => {
    const member = await registerMember(t.http);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.http.put(`/api/users/${member.user._id}/approve`).set(admin.auth),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body.status).toBe('approved');
    const audit = await t.http
      .get(`/api/admin/audit?targetId=${member.user._id}`)
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries).toHaveLength(1);
  });

  it('approves and unblocks with their audit entry or not at all', async () => {
    const sql = new Client({ connectionString: t.config.databaseUrl });
    await sql.connect();
    const member = await registerMember(t.http);
    const id = member.user._id;
    const account = async () =>
      (
        await t.http
          .get(`/api/users?search=${encodeURIComponent(member.user.email)}`)
          .set(admin.auth)
          .expect(200)
      ).body.users[0] as { approvedAt: string | null; blockedAt: string | null };
    try {
      // The audit entry cannot be written, as if the server failed between the two statements.
      await sql.query(`create function fail_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit write failed on purpose (test)'; end $$`);
      await sql.query(`create trigger fail_audit before insert on audit_log for each row
        when (new.action in ('USER_APPROVED', 'USER_UNBLOCKED')) execute function fail_audit()`);
      const approve = await t.http.put(`/api/users/${id}/approve`).set(admin.auth);
      expect(approve.status).toBe(500);
      await t.http.put(`/api/users/${id}/block`).set(admin.auth).expect(200);
      const unblock = await t.http.put(`/api/users/${id}/unblock`).set(admin.auth);
      expect(unblock.status).toBe(500);
      expect(await account()).toMatchObject({ approvedAt: null, blockedAt: expect.any(String) });

      await sql.query('drop trigger fail_audit on audit_log');
      await t.http.put(`/api/users/${id}/approve`).set(admin.auth).expect(200);
      await t.http.put(`/api/users/${id}/unblock`).set(admin.auth).expect(200);
      expect(await account()).toMatchObject({ approvedAt: expect.any(String), blockedAt: null });
      const audit = await t.http.get(`/api/admin/audit?targetId=${id}`).set(admin.auth).expect(200);
      expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual([
        'USER_UNBLOCKED',
        'USER_APPROVED',
        'USER_BLOCKED',
      ]);
    } finally {
      await sql.query('drop trigger if exists fail_audit on audit_log');
      await sql.query('drop function if exists fail_audit()');
      await sql.end();
    }
  });

  it("refuses to block oneself or another admin, and to change one's own role", async () => {
    const self = await t.http.put(`/api/users/${admin.user._id}/block`).set(admin.auth).expect(400);
    expect(self.body).toMatchObject({
      code: 'CANNOT_BLOCK_SELF',
      msg: 'You cannot block your own account',
    });
    const ownRole = await t.http
      .put(`/api/users/${admin.user._id}/role`)
      .set(admin.auth)
      .send({ role: 'member' })
      .expect(400);
    expect(ownRole.body.code).toBe('CANNOT_CHANGE_OWN_ROLE');

    const other = await registerMember(t.http);
    await t.http
      .put(`/api/users/${other.user._id}/role`)
      .set(admin.auth)
      .send({ role: 'admin' })
      .expect(200);
    const adminBlock = await t.http
      .put(`/api/users/${other.user._id}/block`)
      .set(admin.auth)
      .expect(400);
    expect(adminBlock.body.code).toBe('CANNOT_BLOCK_ADMIN');
  });

  it('changes roles (taking effect on the next request), validated and audited', async () => {
    const member = await registerMember(t.http);
    await t.http.get('/api/users').set(member.auth).expect(403);
    const promoted = await t.http
      .put(`/api/users/${member.user._id}/role`)
      .set(admin.auth)
      .send({ role: 'admin' })
      .expect(200);
    expect(promoted.body.role).toBe('admin');
    await t.http.get('/api/users').set(member.auth).expect(200);
    await t.http
      .put(`/api/users/${member.user._id}/role`)
      .set(admin.auth)
      .send({ role: 'member' })
      .expect(200);
    await t.http.get('/api/users').set(member.auth).expect(403);

    const bad = await t.http
      .put(`/api/users/${member.user._id}/role`)
      .set(admin.auth)
      .send({ role: 'owner' })
      .expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'role', msg: 'Role must be admin or member', code: 'NOT_ALLOWED' },
    ]);

    const audit = await t.http
      .get('/api/admin/audit?action=USER_ROLE_CHANGED&limit=2')
      .set(admin.auth)
      .expect(200);
    expect(audit.body.entries.map((e: { details: unknown }) => e.details)).toEqual([
      { from: 'admin', to: 'member' },
      { from: 'member', to: 'admin' },
    ]);
    const badAction = await t.http.get('/api/admin/audit?action=NOPE').set(admin.auth).expect(400);
    expect(badAction.body.errors[0].field).toBe('action');
  });

  it('two admins demoting each other at the same moment leave one admin, not none', async () => {
    const promote = async () => {
      const member = await registerMember(t.http);
      await t.http
        .put(`/api/users/${member.user._id}/role`)
        .set(admin.auth)
        .send({ role: 'admin' })
        .expect(200);
      return member;
    };
    const [a, b] = [await promote(), await promote()];
    const demote = (by: Session, target: Session) =>
      t.http.put(`/api/users/${target.user._id}/role`).set(by.auth).send({ role: 'member' });
    // The guard let both in; the second to take its turn is no longer an admin.
    const answers = await Promise.all([demote(a, b), demote(b, a)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 403]);
    const roles = await Promise.all(
      [a, b].map(async (session) => {
        const res = await t.http.get('/api/auth/me').set(session.auth).expect(200);
        return res.body.role as string;
      }),
    );
    expect(roles.sort()).toEqual(['admin', 'member']);
  });

  it('answers 404 for unknown accounts and keeps every action admin-only', async () => {
    await t.http.put(`/api/users/${randomUUID()}/approve`).set(admin.auth).expect(404);
    await t.http.put('/api/users/not-an-id/block').set(admin.auth).expect(404);
    const member = await registerMember(t.http);
    const target = await registerMember(t.http);
    for (const path of ['approve', 'block', 'unblock']) {
      await t.http.put(`/api/users/${target.user._id}/${path}`).set(member.auth).expect(403);
      await t.http.put(`/api/users/${target.user._id}/${path}`).expect(401);
    }
    await t.http
      .put(`/api/users/${target.user._id}/role`)
      .set(member.auth)
      .send({ role: 'admin' })
      .expect(403);
    await t.http.get('/api/admin/audit').set(member.auth).expect(403);
    await t.http.get('/api/admin/audit').expect(401);
  });
});
