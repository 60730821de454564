import { loginAdmin, registerMember } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

// The zero-setup mode: embedded PGlite and the in-process queue, no servers at all.
describe('embedded mode (PGlite, in-process queue)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', redis: false });
  }, 60000);
  afterAll(() => t.close());

  it('migrates, reports health and serves accounts', async () => {
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({
      databaseDriver: 'pglite',
      queueDriver: 'in-process',
      database: 'up',
    });
    const member = await registerMember(t.http);
    const me = await t.http.get('/api/auth/me').set(member.auth).expect(200);
    expect(me.body.email).toBe(member.user.email);
    const admin = await loginAdmin(t.http);
    const users = await t.http.get('/api/users').set(admin.auth).expect(200);
    expect(users.body.total).toBe(2);
  });
});
