import { pngImage } from './support/events';
import { ListingBody, listingForm, sendListing } from './support/directory';
import { registerMember, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

/**
 * The `uploads` bucket (RATE_LIMIT_UPLOADS per RATE_LIMIT_UPLOADS_WINDOW_SECONDS): a listing's
 * logo and images are the costliest write (decoding and resizing), so it is counted per account,
 * not per address, and apart from `writes`.
 */
describe('uploads rate limit: per account, apart from other writes', () => {
  let t: TestApp;
  let first: Session;
  let second: Session;
  let image: Buffer;

  beforeAll(async () => {
    // TRUST_PROXY lets a request name its address (X-Forwarded-For), as behind the deploy's proxy.
    t = await createTestApp({ env: { RATE_LIMIT_UPLOADS: '2', TRUST_PROXY: 'true' } });
    first = await registerMember(t.http, { name: 'First Uploader' });
    second = await registerMember(t.http, { name: 'Second Uploader' });
    image = await pngImage();
  });
  afterAll(() => t.close());

  const myListings = async (session: Session) =>
    (await t.http.get('/api/directory/my-listings').set(session.auth).expect(200)).body as {
      listings: ListingBody[];
    };

  it('answers 429 to an account past its uploads, from any address; others and other writes go on', async () => {
    expect(t.config.rateLimits.uploadsWindowSeconds).toBe(600);
    const submitted = await sendListing(t.http, first, listingForm(), { logo: image }).expect(201);
    const id = (submitted.body as ListingBody)._id;
    await sendListing(t.http, first, listingForm(), { images: [image] }, id).expect(200);

    // The third upload in the window: refused before any file is read, from a new address too.
    for (const address of ['127.0.0.1', '203.0.113.7']) {
      const limited = await sendListing(t.http, first, listingForm(), { images: [image] }).set(
        'X-Forwarded-For',
        address,
      );
      expect(limited.status).toBe(429);
      // Ten minutes' window, just opened: the wait is said in whole minutes, rounded up.
      expect(limited.body).toEqual({
        statusCode: 429,
        msg: 'Too many uploads in a short time. Please try again in 10 minutes.',
        code: 'UPLOADS_RATE_LIMITED',
        retryAfter: expect.any(Number),
      });
      expect((limited.body as { retryAfter: number }).retryAfter).toBeGreaterThan(540);
    }
    const edit = await sendListing(t.http, first, listingForm(), { images: [image] }, id);
    expect(edit.status).toBe(429);
    expect((await myListings(first)).listings).toHaveLength(1);

    // Another member at the same address has a count of their own.
    await sendListing(t.http, second, listingForm(), { logo: image })
      .set('X-Forwarded-For', '127.0.0.1')
      .expect(201);

    // The limited member's other writes count in `writes`, untouched.
    await t.http.delete(`/api/directory/${id}`).set(first.auth).expect(200);
  });
});
