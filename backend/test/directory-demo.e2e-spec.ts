import { DEMO_MEMBERS, DEMO_PASSWORD } from '../src/modules/demo/demo.members';
import { loginAdmin } from './support/factories';
import { createTestApp, DEMO_SEED_TIMEOUT_MS, TestApp } from './support/test-app';

interface DemoListing {
  _id: string;
  name: string;
  type: string;
  status: string;
  verified: boolean;
  featured: boolean;
  logo: string | null;
  owner: { email: string };
}

describe('directory demo content (SEED_DEMO)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  }, DEMO_SEED_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('seeds listings of every status and type, some verified and featured, with logos', async () => {
    const admin = await loginAdmin(t.http);
    const all = await t.http.get('/api/directory/admin/all?limit=100').set(admin.auth).expect(200);
    const listings = all.body.listings as DemoListing[];
    expect(new Set(listings.map((l) => l.status))).toEqual(
      new Set(['pending', 'approved', 'rejected']),
    );
    expect(new Set(listings.map((l) => l.type))).toEqual(
      new Set(['business', 'professional', 'organization']),
    );
    expect(listings.some((l) => l.verified)).toBe(true);
    expect(listings.some((l) => l.featured)).toBe(true);
    const demoEmails = DEMO_MEMBERS.map((member) => member.email);
    expect(listings.every((l) => demoEmails.includes(l.owner.email))).toBe(true);
    for (const listing of listings) {
      expect(listing.logo).toMatch(/^\/api\/files\/directory\//);
      await t.http.get(listing.logo as string).expect(200);
    }
  });

  it('shows members the approved ones, findable by an Amharic tag', async () => {
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD })
      .expect(200);
    const auth = { Authorization: `Bearer ${login.body.token}` };
    const list = await t.http.get('/api/directory').set(auth).expect(200);
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    expect(list.body.listings.every((l: DemoListing) => l.status === 'approved')).toBe(true);
    const found = await t.http
      .get(`/api/directory?search=${encodeURIComponent('ቡና')}`)
      .set(auth)
      .expect(200);
    expect(found.body.listings.map((l: DemoListing) => l.name)).toEqual(['Buna House Roasters']);
    const stats = await t.http.get('/api/stats').expect(200);
    expect(stats.body.businesses).toBe(list.body.total);
  });
});
