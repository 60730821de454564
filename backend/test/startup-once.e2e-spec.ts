import { DEMO_MEMBERS } from '../src/modules/demo/demo.members';
import { loginAdmin } from './support/factories';
import { createDatabase, createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';

/** Each name in `names` that occurs more than once. */
const repeated = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

// Two replicas of a fresh deployment start at the same moment on one empty database: the admin
// account and the demo content are made once, by whichever takes the start-up lock first.
describe('start-up work done once when replicas start together', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let replicas: TestApp[] = [];

  beforeAll(async () => {
    database = await createDatabase();
    // Two boots at once on a busy machine: a connection may take longer than the 5 s default.
    const env = { SEED_DEMO: 'true', DATABASE_CONNECT_TIMEOUT_MS: '15000' };
    // Both boot, or neither is kept (a failed boot must not leave the other open).
    const started = await Promise.allSettled([
      createTestApp({ databaseUrl: database.url, env }),
      createTestApp({ databaseUrl: database.url, env }),
    ]);
    replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }, 2 * DEMO_SEED_TIMEOUT_MS);
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.drop();
  });

  it('creates the admin and each demo member once', async () => {
    const [a] = replicas;
    const admin = await loginAdmin(a.http);
    const users = await a.http.get('/api/users?limit=100').set(admin.auth).expect(200);
    expect(users.body.total).toBe(DEMO_MEMBERS.length + 1);
  });

  it('seeds each demo event and listing once, as either replica shows', async () => {
    for (const replica of replicas) {
      const admin = await loginAdmin(replica.http);
      const events = await replica.http.get('/api/events?limit=100').expect(200);
      const titles = (events.body.events as Array<{ title: string }>).map((e) => e.title);
      expect(titles.length).toBeGreaterThanOrEqual(5);
      expect(repeated(titles)).toEqual([]);
      const all = await replica.http
        .get('/api/directory/admin/all?limit=100')
        .set(admin.auth)
        .expect(200);
      const names = (all.body.listings as Array<{ name: string }>).map((l) => l.name);
      expect(names.length).toBeGreaterThan(3);
      expect(repeated(names)).toEqual([]);
    }
  });
});
