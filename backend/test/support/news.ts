import type TestAgent from 'supertest/lib/agent';
import type { Session } from './factories';

let sequence = 0;

export function newArticle(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    title: `Community update ${sequence}`,
    content: `News body number ${sequence} about the community.`,
    category: 'community',
    ...overrides,
  };
}

/** Publishes an article through the API as the given admin; returns the article. */
export async function createArticle(
  http: TestAgent,
  admin: Session,
  overrides: Record<string, unknown> = {},
) {
  const res = await http.post('/api/news').set(admin.auth).send(newArticle(overrides)).expect(201);
  return res.body as { _id: string; title: string; [field: string]: unknown };
}
