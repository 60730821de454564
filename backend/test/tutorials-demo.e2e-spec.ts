import { loginAdmin } from './support/factories';
import { createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';
import { KNOWN_COURSES } from './support/tutorials';

describe('tutorials and team demo content (SEED_DEMO)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('has two founders first and instructors, with Amharic bios', async () => {
    const team = (await t.http.get('/api/team').expect(200)).body;
    expect(team.filter((person: { isFounder: boolean }) => person.isFounder)).toHaveLength(2);
    expect(team[0].isFounder && team[1].isFounder).toBe(true);
    const instructors = (await t.http.get('/api/team/instructors').expect(200)).body;
    expect(instructors.length).toBeGreaterThanOrEqual(3);
    for (const person of team) expect(person.bioAmharic).toMatch(/[\u1200-\u137F]/);
  });

  it('has enrollments from the demo members in several statuses', async () => {
    const admin = await loginAdmin(t.http);
    const all = await t.http.get('/api/tutorials/enrollments').set(admin.auth).expect(200);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const statuses = new Set(all.body.enrollments.map((row: { status: string }) => row.status));
    expect(statuses).toEqual(new Set(['pending', 'approved', 'rejected', 'enrolled', 'completed']));
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'selam@example.com', password: 'demo-member-2026' })
      .expect(200);
    const mine = await t.http
      .get('/api/tutorials/my-enrollments')
      .set({ Authorization: `Bearer ${login.body.token}` })
      .expect(200);
    expect(mine.body.length).toBeGreaterThanOrEqual(2);
    const courses = (await t.http.get('/api/tutorials/courses').expect(200)).body;
    expect(courses.map((course: { id: string }) => course.id)).toEqual(KNOWN_COURSES);
  });
});
