import { approvedListing } from '../support/directory';
import { pngImage } from '../support/events';
import { loginAdmin, registerMember } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

// The directory's generated search column (jsonb_to_tsvector over tags) must work embedded too.
describe('directory on PGlite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', redis: false });
  }, 60000);
  afterAll(() => t.close());

  it('submits with a logo, approves, searches by an Amharic tag and counts it', async () => {
    const admin = await loginAdmin(t.http);
    const owner = await registerMember(t.http);
    const listing = await approvedListing(t.http, owner, admin, {
      name: 'Addis Bakery',
      tags: 'bread, ዳቦ',
    });
    const found = await t.http
      .get(`/api/directory?search=${encodeURIComponent('ዳቦ')}`)
      .set(owner.auth)
      .expect(200);
    expect(found.body.listings.map((l: { _id: string }) => l._id)).toEqual([listing._id]);
    const withLogo = await t.http
      .post('/api/directory')
      .set(owner.auth)
      .field('name', 'Logo Shop')
      .field('description', 'Has a logo.')
      .field('type', 'business')
      .field('category', 'retail')
      .field('contact.address.country', 'Kenya')
      .attach('logo', await pngImage(), 'logo.png')
      .expect(201);
    await t.http.get(withLogo.body.logo).expect(200);
    const stats = await t.http.get('/api/stats').expect(200);
    expect(stats.body).toMatchObject({ businesses: 1, members: 2 });
  });
});
