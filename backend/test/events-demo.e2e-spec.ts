import { createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';

describe('events demo content (SEED_DEMO=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('seeds upcoming and past, free and paid events with images and attendees', async () => {
    const all = await t.http.get('/api/events').expect(200);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const upcoming = await t.http.get('/api/events?upcoming=true').expect(200);
    const events = upcoming.body.events as Array<{
      isFree: boolean;
      image: string | null;
      goingCount: number;
      pricing: Record<string, unknown>;
    }>;
    expect(upcoming.body.total).toBeLessThan(all.body.total);
    expect(events.some((e) => e.isFree)).toBe(true);
    expect(events.some((e) => !e.isFree && Object.keys(e.pricing).length > 0)).toBe(true);
    expect(events.some((e) => e.goingCount > 0)).toBe(true);
    const image = await t.http.get(events[0].image as string).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('gives the first demo member a paid ticket to each paid upcoming event', async () => {
    const { DEMO_MEMBERS, DEMO_PASSWORD } = await import('../src/modules/demo/demo.members');
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD })
      .expect(200);
    const tickets = await t.http
      .get('/api/payments/tickets')
      .set({ Authorization: `Bearer ${login.body.token}` })
      .expect(200);
    expect(tickets.body).toContainEqual(
      expect.objectContaining({
        eventTitle: 'Ethiopian New Year Gala',
        ticketType: 'general',
        amount: 45,
        status: 'paid',
        eventCancelled: false,
      }),
    );
  });

  it('does not seed twice', async () => {
    const before = (await t.http.get('/api/events').expect(200)).body.total;
    const { DemoService } = await import('../src/modules/demo/demo.service');
    await t.app.get(DemoService).onApplicationBootstrap();
    expect((await t.http.get('/api/events').expect(200)).body.total).toBe(before);
  });
});
