import { randomBytes } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { sql } from 'drizzle-orm';
import type { SmtpSink } from './smtp-sink';
import { ADMIN, createTestApp, databaseOf, TestApp, TestAppOptions } from './test-app';

export interface Session {
  token: string;
  user: { _id: string; name: string; email: string; role: string };
  auth: { Authorization: string };
}

let sequence = 0;

export function newMember(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    name: `Member ${sequence}`,
    email: `member${sequence}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'secret-123',
    country: 'Canada',
    profession: 'Engineer',
    bio: 'Test member',
    interests: ['technology'],
    ...overrides,
  };
}

function toSession(body: { token: string; user: Session['user'] }): Session {
  return { token: body.token, user: body.user, auth: { Authorization: `Bearer ${body.token}` } };
}

/**
 * Registers a new member through the API and returns their session. The address counts as
 * confirmed (as if they had opened the emailed link) unless `verified: false` is asked for.
 */
export async function registerMember(
  http: TestAgent,
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
) {
  const response = await http.post('/api/auth/register').send(newMember(overrides)).expect(201);
  const session = toSession(response.body);
  if (options.verified !== false) await markEmailVerified(http, session.user._id);
  return session;
}

/** Confirms a member's email directly in the database (the link itself is tested in account-sign-in). */
export async function markEmailVerified(http: TestAgent, userId: string): Promise<void> {
  await databaseOf(http).db.execute(
    sql`UPDATE users SET email_verified_at = now() WHERE id = ${userId}`,
  );
}

/** Signs in as the admin created from ADMIN_EMAIL at boot. */
export async function loginAdmin(http: TestAgent): Promise<Session> {
  const response = await http
    .post('/api/auth/login')
    .send({ email: ADMIN.email, password: ADMIN.password })
    .expect(200);
  return toSession(response.body);
}

/** The start of most suites: a fresh app, the admin signed in and one new member. */
export async function appWithAdminAndMember(
  options?: TestAppOptions,
): Promise<{ t: TestApp; admin: Session; member: Session }> {
  const t = await createTestApp(options);
  return { t, admin: await loginAdmin(t.http), member: await registerMember(t.http) };
}

/** The app with its emails going to `smtp` (started here), and the admin signed in. */
export async function appWithMail(
  smtp: SmtpSink,
  options: TestAppOptions = {},
): Promise<{ t: TestApp; admin: Session }> {
  await smtp.start();
  const t = await createTestApp({ ...options, env: { ...options.env, SMTP_URL: smtp.url } });
  return { t, admin: await loginAdmin(t.http) };
}

/** Stops what appWithMail started. */
export async function closeWithMail(t: TestApp | undefined, smtp: SmtpSink): Promise<void> {
  await t?.close();
  await smtp.stop();
}
