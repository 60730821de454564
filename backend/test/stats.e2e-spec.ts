import { approvedListing, submitListing } from './support/directory';
import { createEvent, dayFromNow } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { enroll } from './support/tutorials';
import { createTestApp, TestApp } from './support/test-app';

describe('GET /api/stats (home page figures)', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  const stats = async () => (await t.http.get('/api/stats').expect(200)).body;

  it('answers guests with four numbers and lets browsers cache them for a minute', async () => {
    const res = await t.http.get('/api/stats').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // A fresh database: only the admin from ADMIN_EMAIL exists, and nobody has enrolled.
    expect(res.body).toEqual({ businesses: 0, upcomingEvents: 0, members: 1, enrollments: 0 });
  });

  it('counts approved businesses, active upcoming events, accounts and enrollments', async () => {
    const owner = await registerMember(t.http);
    await registerMember(t.http);
    await approvedListing(t.http, owner, admin);
    await submitListing(t.http, owner);
    const rejected = await submitListing(t.http, owner);
    await t.http.put(`/api/directory/admin/${rejected._id}/reject`).set(admin.auth).expect(200);
    await createEvent(t.http, admin, { date: dayFromNow(5) });
    await createEvent(t.http, admin, { date: dayFromNow(-5) });
    await createEvent(t.http, admin, { date: dayFromNow(7), isActive: false });
    await enroll(t.http, owner);
    await enroll(t.http, owner, { course: 'computer-basics', courseName: 'Computer Basics' });
    expect(await stats()).toEqual({ businesses: 1, upcomingEvents: 1, members: 3, enrollments: 2 });
  });
});
