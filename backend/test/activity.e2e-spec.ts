import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createEvent } from './support/events';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';
import { enroll } from './support/tutorials';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

describe('GET /api/admin/activity: daily series for the dashboard charts', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  async function sql(text: string, values: unknown[] = []) {
    const client = new Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  it('counts registrations, RSVPs and enrollments per UTC day, zero-filled, oldest first', async () => {
    const members = [await registerMember(t.http), await registerMember(t.http)];
    const event = await createEvent(t.http, admin, { title: 'Chart night' });
    for (const member of members) {
      await t.http
        .post(`/api/events/${event._id}/rsvp`)
        .set(member.auth)
        .send({ status: 'going' })
        .expect((res) => expect(res.status).toBeLessThan(300));
    }
    await enroll(t.http, members[1]);
    // One member registered three days ago, so that the days are told apart.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    await sql('UPDATE users SET created_at = $1 WHERE id = $2', [
      threeDaysAgo,
      members[0].user._id,
    ]);

    const res = await t.http.get('/api/admin/activity?days=7').set(admin.auth).expect(200);
    expect(res.body.to).toBe(isoDay(new Date()));
    expect(res.body.from).toBe(isoDay(new Date(Date.now() - 6 * DAY_MS)));
    const byKey = Object.fromEntries(
      res.body.series.map((s: { key: string }) => [s.key, s]),
    ) as Record<string, { total: number; points: { date: string; count: number }[] }>;
    expect(Object.keys(byKey).sort()).toEqual(['enrollments', 'registrations', 'rsvps']);
    for (const series of Object.values(byKey)) {
      expect(series.points).toHaveLength(7);
      expect(series.points[0].date).toBe(res.body.from);
      expect(series.points[6].date).toBe(res.body.to);
    }
    const count = (key: string, day: Date) =>
      byKey[key].points.find((p) => p.date === isoDay(day))?.count;
    // Today: the admin (created at boot) and the second member.
    expect(count('registrations', new Date())).toBe(2);
    expect(count('registrations', threeDaysAgo)).toBe(1);
    expect(byKey.registrations.total).toBe(3);
    expect(count('rsvps', new Date())).toBe(2);
    expect(byKey.rsvps.total).toBe(2);
    expect(count('enrollments', new Date())).toBe(1);
    expect(byKey.enrollments.total).toBe(1);
  });

  it('defaults to 30 days and validates the window', async () => {
    const res = await t.http.get('/api/admin/activity').set(admin.auth).expect(200);
    expect(res.body.series[0].points).toHaveLength(30);
    const bad = await t.http.get('/api/admin/activity?days=3').set(admin.auth).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'days', msg: 'days must be at least 7', code: 'OUT_OF_RANGE' },
    ]);
    await t.http.get('/api/admin/activity?days=400').set(admin.auth).expect(400);
  });

  it('is for admins only', async () => {
    const member = await registerMember(t.http, { email: `m-${randomUUID()}@example.com` });
    await t.http.get('/api/admin/activity').set(member.auth).expect(403);
    await t.http.get('/api/admin/activity').expect(401);
  });
});
