import { CORS_METHODS } from '../src/cors';
import { createEvent, eventForm, pngImage } from './support/events';
import { loginAdmin, Session } from './support/factories';
import { createArticle } from './support/news';
import { createTestApp, TestApp } from './support/test-app';

const CONSOLE = 'http://console.example.test:4200';
const STRANGER = 'https://evil.example';

/** What a browser sends before a cross-origin call with a bearer token and a JSON body. */
function preflight(t: TestApp, path: string, origin: string, method: string, headers: string) {
  return t.http
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', method)
    .set('Access-Control-Request-Headers', headers);
}

describe('the admin console on its own origin (CORS_ORIGINS)', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    // A trailing slash, as people type it, still admits the origin.
    t = await createTestApp({ env: { CORS_ORIGINS: `${CONSOLE}/, https://other.example.test` } });
    admin = await loginAdmin(t.http);
  });
  afterAll(() => t.close());

  it('grants the preflight of every method the console uses, cached for two hours', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await preflight(
        t,
        '/api/events/x',
        CONSOLE,
        method,
        'authorization,content-type',
      );
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(CONSOLE);
      expect(res.headers['access-control-allow-methods']?.split(', ')).toEqual(CORS_METHODS);
      expect(res.headers['access-control-allow-methods']).toContain(method);
      expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
      expect(res.headers['access-control-max-age']).toBe('7200');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toContain('Origin');
    }
  });

  it('names only the headers the console sends, whatever a page asks for', async () => {
    const res = await preflight(t, '/api/news/x', CONSOLE, 'PUT', 'authorization,x-sneaky');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
  });

  it("refuses another origin's preflight: no grant of any kind", async () => {
    const res = await preflight(t, '/api/events/x', STRANGER, 'DELETE', 'authorization');
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
    expect(res.headers['access-control-max-age']).toBeUndefined();
  });

  it("lets the console edit and delete, and withholds the answer from another origin's page", async () => {
    const event = await createEvent(t.http, admin, { title: 'Harbour Gala' });
    let update = t.http.put(`/api/events/${event._id}`).set('Origin', CONSOLE).set(admin.auth);
    for (const [name, value] of Object.entries(eventForm({ title: 'Harbour Gala (moved)' }))) {
      update = update.field(name, value);
    }
    const edited = await update.expect(200);
    expect(edited.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(edited.body.title).toBe('Harbour Gala (moved)');
    const removed = await t.http
      .delete(`/api/events/${event._id}`)
      .set('Origin', CONSOLE)
      .set(admin.auth);
    expect(removed.status).toBeLessThan(300);
    expect(removed.headers['access-control-allow-origin']).toBe(CONSOLE);

    const article = await createArticle(t.http, admin);
    const stranger = await t.http
      .put(`/api/news/${article._id}`)
      .set('Origin', STRANGER)
      .set(admin.auth)
      .send({ title: 'Renamed', content: 'Body', category: 'community' });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves uploaded files to the console in CORS mode and to nobody else across origins', async () => {
    const event = await createEvent(t.http, admin, {}, { images: [await pngImage()] });
    const url = (event.images as Array<{ url: string }>)[0].url;

    const forConsole = await t.http.get(url).set('Origin', CONSOLE).expect(200);
    expect(forConsole.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(forConsole.headers.vary).toContain('Origin');
    expect(forConsole.headers['content-type']).toBe('image/webp');

    const forStranger = await t.http.get(url).set('Origin', STRANGER).expect(200);
    expect(forStranger.headers['access-control-allow-origin']).toBeUndefined();
    // Plain (no-cors) embedding stays same-origin only: CORS is the one way in from elsewhere.
    const plain = await t.http.get(url).expect(200);
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });
});
