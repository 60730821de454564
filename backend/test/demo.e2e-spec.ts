import { loginAdmin } from './support/factories';
import { createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../src/modules/demo/demo.members';

describe('demo content (SEED_DEMO)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('creates sample members who can sign in', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD })
      .expect(200);
    expect(res.body.user).toMatchObject({ name: DEMO_MEMBERS[0].name, role: 'member' });
  });

  it('adds nothing twice when the platform restarts on the same database', async () => {
    const admin = await loginAdmin(t.http);
    const before = (await t.http.get('/api/users').set(admin.auth).expect(200)).body.total;
    expect(before).toBe(DEMO_MEMBERS.length + 1);
    const restarted = await createTestApp({
      databaseUrl: t.config.databaseUrl,
      env: { SEED_DEMO: 'true' },
    });
    try {
      const after = (await restarted.http.get('/api/users').set(admin.auth).expect(200)).body.total;
      expect(after).toBe(before);
    } finally {
      await restarted.close();
    }
  });

  it(
    'gives the demo members no published password on a production boot',
    async () => {
      const production = await createTestApp({
        env: {
          SEED_DEMO: 'true',
          NODE_ENV: 'production',
          JWT_SECRET: 'a-production-secret-long-enough-for-the-rule-0123456789',
        },
      });
      try {
        const { email } = DEMO_MEMBERS[0];
        // The members are there, but the published password opens none of them.
        const admin = await loginAdmin(production.http);
        const users = await production.http.get('/api/users').set(admin.auth).expect(200);
        expect(users.body.total).toBe(DEMO_MEMBERS.length + 1);
        const res = await production.http
          .post('/api/auth/login')
          .send({ email, password: DEMO_PASSWORD })
          .expect(401);
        expect(res.body.msg).toBe('Invalid email or password');
      } finally {
        await production.close();
      }
    },
    DEMO_SEED_TIMEOUT_MS,
  );
});
