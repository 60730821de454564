import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ResponseCache } from '../src/common/cache/response-cache';
import { ContentRegistry } from '../src/common/content/content-registry';
import { ViewsService } from '../src/modules/views/views.service';
import { newMember, registerMember } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

describe('views: counted once per viewer and item within the window', () => {
  let t: TestApp;
  const items = new Set<string>();
  const item = () => {
    const id = randomUUID();
    items.add(id);
    return id;
  };
  const view = (id: string, agent = 'jest-browser') =>
    t.http.post(`/api/directory/${id}/view`).set('user-agent', agent);

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(ContentRegistry).register('directory', { exists: async (id) => items.has(id) });
  });
  afterAll(() => t.close());

  it('counts a guest once however often they reload, and another browser again', async () => {
    const id = item();
    expect((await view(id).expect(200)).body).toEqual({ views: 1 });
    await Promise.all(Array.from({ length: 10 }, () => view(id).expect(200)));
    expect((await view(id).expect(200)).body).toEqual({ views: 1 });
    expect((await view(id, 'another-browser').expect(200)).body).toEqual({ views: 2 });
  });

  it('clears the read cache for a counted view only: a guest reloading, signing in or asking for a link leaves it', async () => {
    const cache = t.app.get(ResponseCache);
    const id = item();
    let before = cache.generation;
    await view(id, 'cache-browser').expect(200);
    expect(cache.generation).toBeGreaterThan(before);

    before = cache.generation;
    await view(id, 'cache-browser').expect(200);
    const credentials = newMember();
    await t.http.post('/api/auth/register').send(credentials).expect(201);
    const afterRegister = cache.generation;
    await t.http
      .post('/api/auth/login')
      .send({ email: credentials.email, password: credentials.password })
      .expect(200);
    await t.http.post('/api/auth/forgot-password').send({ email: credentials.email }).expect(202);
    expect(afterRegister).toBeGreaterThanOrEqual(before);
    // The reload changed nothing; sign-in and the link request change no answer the cache holds.
    expect(cache.generation).toBe(afterRegister);
    expect(afterRegister - before).toBeLessThanOrEqual(1);
  });

  it('counts a member by account, not by address', async () => {
    const id = item();
    const member = await registerMember(t.http);
    await view(id).expect(200);
    const first = await view(id).set(member.auth).expect(200);
    expect(first.body.views).toBe(2);
    const again = await view(id, 'other-device').set(member.auth).expect(200);
    expect(again.body.views).toBe(2);
  });

  it('counts the same viewer again once the window has passed', async () => {
    const id = item();
    await view(id).expect(200);
    await t.database.db.execute(
      sql`update view_marks set counted_at = now() - interval '31 minutes' where content_id = ${id}`,
    );
    expect((await view(id).expect(200)).body).toEqual({ views: 2 });
    expect((await view(id).expect(200)).body).toEqual({ views: 2 });
  });

  it('answers an unknown item with 404 and leaves other paths alone', async () => {
    await view(randomUUID()).expect(404);
    await t.http.post(`/api/unknown-things/${randomUUID()}/view`).expect(404);
  });

  it('counts() gives other modules the view count of each id, 0 when never viewed', async () => {
    const [a, b] = [item(), item()];
    await view(a).expect(200);
    const counts = await t.app.get(ViewsService).counts('directory', [a, b]);
    expect(counts).toEqual(
      new Map([
        [a, 1],
        [b, 0],
      ]),
    );
  });
});
