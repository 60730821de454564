import { approvedListing, ListingBody, submitListing } from './support/directory';
import { loginAdmin, registerMember, Session } from './support/factories';
import { createTestApp, TestApp } from './support/test-app';

describe('directory: list filters, search, and engagement on listings', () => {
  let t: TestApp;
  let admin: Session;
  let owner: Session;
  let reader: Session;
  let coffee: ListingBody;
  let clinic: ListingBody;
  let youth: ListingBody;
  let pending: ListingBody;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.http);
    owner = await registerMember(t.http);
    reader = await registerMember(t.http);
    coffee = await approvedListing(t.http, owner, admin, {
      name: 'Buna House Roasters',
      description: 'Ethiopian coffee roasted weekly. የኢትዮጵያ ቡና በቶሮንቶ።',
      type: 'business',
      category: 'retail',
      'contact.address.country': 'Canada',
      tags: 'coffee, roastery',
    });
    clinic = await approvedListing(
      t.http,
      owner,
      admin,
      {
        name: 'Frankfurt Heart Clinic',
        description: 'Cardiology consultations in three languages.',
        type: 'professional',
        category: 'healthcare',
        'contact.address.country': 'Germany',
        tags: 'doctor, ሐኪም',
      },
      { featured: true },
    );
    youth = await approvedListing(t.http, owner, admin, {
      name: 'Habesha Youth Association',
      description: 'Homework clubs and football for young people.',
      type: 'organization',
      category: 'non-profit',
      'contact.address.country': 'United Kingdom',
      tags: 'volunteering',
    });
    pending = await submitListing(t.http, owner, {
      name: 'Pending Coffee Corner',
      description: 'Coffee too, but not reviewed yet.',
      tags: 'coffee',
    });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.http.get(`/api/directory?${query}`).set(reader.auth).expect(200);
    return res.body as { listings: ListingBody[]; total: number; page: number; totalPages: number };
  };
  const names = async (query: string) => (await list(query)).listings.map((l) => l.name);

  describe('GET /api/directory', () => {
    it('lists approved listings, featured first, then newest', async () => {
      expect(await names('')).toEqual([
        'Frankfurt Heart Clinic',
        'Habesha Youth Association',
        'Buna House Roasters',
      ]);
    });

    it('filters by type, category and country, alone and together', async () => {
      expect(await names('type=professional')).toEqual(['Frankfurt Heart Clinic']);
      expect(await names('category=non-profit')).toEqual(['Habesha Youth Association']);
      expect(await names('country=Canada')).toEqual(['Buna House Roasters']);
      expect(await names('type=business&country=Germany')).toEqual([]);
      expect(await names('type=&category=&country=')).toHaveLength(3);
      const bad = await t.http.get('/api/directory?type=shop').set(reader.auth).expect(400);
      expect(bad.body.errors).toEqual([
        {
          field: 'type',
          msg: 'type must be one of business, professional, organization',
          code: 'NOT_ALLOWED',
        },
      ]);
    });

    it('searches name, description and tags by word prefix, in English and Amharic', async () => {
      expect(await names('search=roast')).toEqual(['Buna House Roasters']);
      expect(await names('search=cardiology')).toEqual(['Frankfurt Heart Clinic']);
      expect(await names('search=volunteer')).toEqual(['Habesha Youth Association']);
      // Pending listings never match, whatever they say.
      expect(await names('search=coffee')).toEqual(['Buna House Roasters']);
      expect(await names(`search=${encodeURIComponent('ቡና')}`)).toEqual(['Buna House Roasters']);
      expect(await names(`search=${encodeURIComponent('ሐኪም')}`)).toEqual([
        'Frankfurt Heart Clinic',
      ]);
      expect(await names('search=coffee&type=professional')).toEqual([]);
      expect(await names(`search=${encodeURIComponent('!!')}`)).toHaveLength(3);
    });

    it('pages with total and totalPages', async () => {
      const first = await list('limit=2&page=1');
      expect(first).toMatchObject({ total: 3, page: 1, totalPages: 2 });
      expect(first.listings).toHaveLength(2);
      const second = await list('limit=2&page=2');
      expect(second.listings.map((l) => l.name)).toEqual(['Buna House Roasters']);
      await t.http.get('/api/directory?limit=500').set(reader.auth).expect(400);
    });
  });

  describe('comments, reactions and views on listings', () => {
    it('keeps guests out of every engagement route', async () => {
      await t.http.get(`/api/comments/directory/${coffee._id}`).expect(401);
      await t.http.get(`/api/reactions/directory/${coffee._id}`).expect(401);
      await t.http.post(`/api/directory/${coffee._id}/view`).expect(401);
      const comment = await t.http
        .post('/api/comments')
        .set(reader.auth)
        .send({ content: 'Best beans in town', contentType: 'directory', contentId: coffee._id })
        .expect(201);
      await t.http.get(`/api/comments/replies/${comment.body._id}`).expect(401);
      await t.http.get(`/api/comments/replies/${comment.body._id}`).set(reader.auth).expect(200);
    });

    it('lets members comment on and react to approved listings', async () => {
      await t.http
        .post('/api/comments')
        .set(reader.auth)
        .send({ content: 'Friendly doctors', contentType: 'directory', contentId: clinic._id })
        .expect(201);
      const thread = await t.http
        .get(`/api/comments/directory/${clinic._id}`)
        .set(owner.auth)
        .expect(200);
      expect(thread.body.comments.map((c: { content: string }) => c.content)).toEqual([
        'Friendly doctors',
      ]);
      const liked = await t.http
        .post(`/api/reactions/listing/${clinic._id}/like`)
        .set(reader.auth)
        .expect(200);
      expect(liked.body).toEqual({ likes: 1, dislikes: 0, userReaction: 'like' });
      const summary = await t.http
        .get(`/api/reactions/directory/${clinic._id}`)
        .set(owner.auth)
        .expect(200);
      expect(summary.body).toEqual({ likes: 1, dislikes: 0, userReaction: 'none' });
      const detail = await t.http.get(`/api/directory/${clinic._id}`).set(owner.auth).expect(200);
      expect(detail.body).toMatchObject({ likes: 1, dislikes: 0, myReaction: 'none' });
      const asReader = await t.http.get(`/api/directory/${clinic._id}`).set(reader.auth);
      expect(asReader.body).toMatchObject({ likes: 1, myReaction: 'like' });
      const list = await t.http.get('/api/directory').set(reader.auth).expect(200);
      const listed = list.body.listings.find((l: { _id: string }) => l._id === clinic._id);
      expect(listed).toMatchObject({ likes: 1, dislikes: 0, myReaction: 'like' });
      // The page every member shares (cached) never carries the reader's reaction to the owner.
      const asOwner = await t.http.get('/api/directory').set(owner.auth).expect(200);
      const ownersView = asOwner.body.listings.find((l: { _id: string }) => l._id === clinic._id);
      expect(ownersView).toMatchObject({ likes: 1, dislikes: 0, myReaction: 'none' });
      await t.http.get('/api/directory').expect(401);
    });

    it('treats a pending listing as missing for other members, not for its owner', async () => {
      const send = (session: Session) =>
        t.http
          .post('/api/comments')
          .set(session.auth)
          .send({ content: 'Hello', contentType: 'directory', contentId: pending._id });
      await send(reader).expect(404);
      await t.http
        .post(`/api/reactions/directory/${pending._id}/like`)
        .set(reader.auth)
        .expect(404);
      await t.http.post(`/api/directory/${pending._id}/view`).set(reader.auth).expect(404);
      await send(owner).expect(201);
      await t.http.get(`/api/comments/directory/${pending._id}`).set(admin.auth).expect(200);
    });

    it('counts a view once per member and window, shown on the listing', async () => {
      const first = await t.http
        .post(`/api/directory/${youth._id}/view`)
        .set(reader.auth)
        .expect(200);
      expect(first.body).toEqual({ views: 1 });
      const again = await t.http
        .post(`/api/directory/${youth._id}/view`)
        .set(reader.auth)
        .expect(200);
      expect(again.body).toEqual({ views: 1 });
      await t.http.post(`/api/directory/${youth._id}/view`).set(owner.auth).expect(200);
      const detail = await t.http.get(`/api/directory/${youth._id}`).set(reader.auth).expect(200);
      expect(detail.body.views).toBe(2);
    });
  });
});
