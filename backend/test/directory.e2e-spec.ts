import { pngImage } from './support/events';
import {
  approvedListing,
  ListingBody,
  listingForm,
  sendListing,
  submitListing,
} from './support/directory';
import { loginAdmin, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('directory: submissions, visibility, moderation, owners, emails', () => {
  let t: TestApp;
  let admin: Session;
  let owner: Session;
  let other: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await loginAdmin(t.http);
    owner = await registerMember(t.http, { name: 'Hanna Owner' });
    other = await registerMember(t.http, { name: 'Other Member' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const myListings = async (session: Session) =>
    (await t.http.get('/api/directory/my-listings').set(session.auth).expect(200)).body as {
      listings: ListingBody[];
      total: number;
    };

  describe('POST /api/directory', () => {
    it('stores a pending listing with every field of spec 7, a logo and images', async () => {
      const res = await sendListing(
        t.http,
        owner,
        {
          name: '  Buna House  ',
          description: 'Ethiopian coffee roasted in Toronto.',
          type: 'business',
          category: 'retail',
          'contact.email': 'Hello@BunaHouse.example',
          'contact.phone': '+1 (416) 555-0142',
          'contact.website': 'bunahouse.example',
          'contact.address.street': '88 Danforth Ave',
          'contact.address.city': 'Toronto',
          'contact.address.state': 'Ontario',
          'contact.address.country': 'Canada',
          'contact.address.postalCode': 'M4K 1N2',
          'hours.monday': '8:00 - 18:00',
          'hours.tuesday': '',
          'socialMedia.instagram': 'https://instagram.com/bunahouse',
          tags: 'coffee, Roastery , coffee,,',
        },
        { logo: await pngImage(800, 800), images: [await pngImage(), await pngImage()] },
      ).expect(201);
      const listing = res.body as ListingBody;
      expect(listing).toMatchObject({
        name: 'Buna House',
        type: 'business',
        category: 'retail',
        status: 'pending',
        verified: false,
        featured: false,
        rejectionReason: null,
        contact: {
          email: 'hello@bunahouse.example',
          phone: '+1 (416) 555-0142',
          website: 'https://bunahouse.example',
          address: {
            street: '88 Danforth Ave',
            city: 'Toronto',
            state: 'Ontario',
            country: 'Canada',
            postalCode: 'M4K 1N2',
          },
        },
        hours: { monday: '8:00 - 18:00' },
        socialMedia: { instagram: 'https://instagram.com/bunahouse' },
        tags: ['coffee', 'Roastery'],
        owner: { _id: owner.user._id, name: 'Hanna Owner', email: owner.user.email },
        likes: 0,
        dislikes: 0,
        myReaction: 'none',
        views: 0,
      });
      expect(listing.logo).toMatch(/^\/api\/files\/directory\/.+\.webp$/);
      expect(listing.images).toHaveLength(2);
      expect(listing.imageThumbnails).toHaveLength(2);
      const logo = await t.http
        .get(listing.logo as string)
        .buffer(true)
        .expect(200);
      expect(logo.headers['content-type']).toBe('image/webp');
      await t.http.get(listing.logoThumbnail as string).expect(200);
    });

    it('reports every missing required field by its form name', async () => {
      const res = await sendListing(t.http, owner, { name: ' ' }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      const fields = (res.body.errors as Array<{ field: string }>).map((e) => e.field).sort();
      expect(fields).toEqual([
        'category',
        'contact.address.country',
        'description',
        'name',
        'type',
      ]);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'contact.address.country', msg: 'Country is required', code: 'REQUIRED' },
          { field: 'type', msg: 'Type is required', code: 'REQUIRED' },
          { field: 'category', msg: 'Category is required', code: 'REQUIRED' },
        ]),
      );
    });

    it('refuses a field name that would reach an object prototype, and writes nothing', async () => {
      const before = await t.http.get('/api/directory/my-listings').set(owner.auth).expect(200);
      for (const name of ['__proto__.polluted', 'contact.__proto__.polluted', 'hours.x-y']) {
        const res = await sendListing(t.http, owner, listingForm({ [name]: 'yes' })).expect(400);
        expect(res.body.errors).toEqual([
          { field: name, msg: `${name} is not an allowed field`, code: 'UNKNOWN_FIELD' },
        ]);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const after = await t.http.get('/api/directory/my-listings').set(owner.auth).expect(200);
      expect(after.body.total).toBe(before.body.total);
    });

    it('refuses a dotted name under a field that is not a group, on POST and PUT', async () => {
      const pending = await submitListing(t.http, owner, { name: 'Dotted Names' });
      const before = (await myListings(owner)).total;
      for (const name of ['existingImages.x', 'name.first', 'contact.email.x', 'toString.x']) {
        for (const id of [undefined, pending._id]) {
          const res = await sendListing(t.http, owner, listingForm({ [name]: '1' }), {}, id).expect(
            400,
          );
          expect(res.body).toEqual({
            statusCode: 400,
            msg: `${name} is not an allowed field`,
            code: 'VALIDATION_FAILED',
            errors: [
              { field: name, msg: `${name} is not an allowed field`, code: 'UNKNOWN_FIELD' },
            ],
          });
        }
      }
      expect((await myListings(owner)).total).toBe(before);
      const still = await t.http.get(`/api/directory/${pending._id}`).set(owner.auth).expect(200);
      expect(still.body.name).toBe('Dotted Names');
    });

    it('refuses dotted names ending in an Object.prototype member', async () => {
      // (A bare `constructor` never reaches the form: the multipart reader refuses it with a 400.)
      const before = (await myListings(owner)).total;
      for (const name of [
        'contact.constructor',
        'contact.address.valueOf',
        'hours.hasOwnProperty',
        'socialMedia.isPrototypeOf',
      ]) {
        const res = await sendListing(t.http, owner, listingForm({ [name]: 'x' })).expect(400);
        expect(res.body.errors).toEqual([
          { field: name, msg: `${name} is not an allowed field`, code: 'UNKNOWN_FIELD' },
        ]);
      }
      expect((await myListings(owner)).total).toBe(before);
    });

    it('checks email, phone and website by kind, the lists of spec 9 and lengths', async () => {
      const cases: Array<[Record<string, string>, string, string, string]> = [
        [
          { 'contact.email': 'not-an-email' },
          'contact.email',
          'Please enter a valid email address',
          'INVALID_EMAIL',
        ],
        [
          { 'contact.phone': 'call me' },
          'contact.phone',
          'Please enter a valid phone number',
          'INVALID_FORMAT',
        ],
        [
          { 'contact.website': 'javascript:alert(1)' },
          'contact.website',
          'Please enter a valid website address',
          'INVALID_URL',
        ],
        [
          { type: 'shop' },
          'type',
          'Type must be one of business, professional, organization',
          'NOT_ALLOWED',
        ],
        [
          { category: 'bakery' },
          'category',
          expect.stringMatching(/^Category must be one of restaurant/) as unknown as string,
          'NOT_ALLOWED',
        ],
        [
          { 'contact.address.country': 'Atlantis' },
          'contact.address.country',
          'Country must be one of the listed countries',
          'NOT_ALLOWED',
        ],
        [
          { name: 'x'.repeat(151) },
          'name',
          'Business name must be at most 150 characters',
          'TOO_LONG',
        ],
        [
          { 'hours.monday': 'y'.repeat(101) },
          'hours.monday',
          'Monday hours must be at most 100 characters',
          'TOO_LONG',
        ],
        [{ nickname: 'Buna' }, 'nickname', 'nickname is not an allowed field', 'UNKNOWN_FIELD'],
        [
          { 'contact.fax': '123' },
          'contact.fax',
          'contact.fax is not an allowed field',
          'UNKNOWN_FIELD',
        ],
      ];
      for (const [override, field, msg, code] of cases) {
        const res = await sendListing(t.http, owner, listingForm(override)).expect(400);
        expect(res.body.errors).toEqual([{ field, msg, code }]);
      }
      const tags = Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',');
      const many = await sendListing(t.http, owner, listingForm({ tags })).expect(400);
      expect(many.body.errors).toEqual([
        { field: 'tags', msg: 'A listing can have at most 20 tags', code: 'INVALID' },
      ]);
    });

    it('sniffs uploads, allows 5 images, and writes nothing when a file is refused', async () => {
      const before = (await myListings(owner)).total;
      const fake = await sendListing(t.http, owner, listingForm(), {
        logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg> padded text'),
      }).expect(400);
      expect(fake.body).toMatchObject({
        code: 'UNSUPPORTED_FILE_TYPE',
        msg: 'logo.png is not a JPEG, PNG, GIF, WebP or AVIF image',
      });
      const image = await pngImage();
      const six = await sendListing(t.http, owner, listingForm(), {
        images: Array.from({ length: 6 }, () => image),
      }).expect(400);
      expect(six.body).toMatchObject({
        code: 'TOO_MANY_FILES',
        msg: 'At most 5 images can be uploaded',
      });
      const twoLogos = await sendListing(t.http, owner, listingForm())
        .attach('logo', image, 'a.png')
        .attach('logo', image, 'b.png')
        .expect(400);
      expect(twoLogos.body.code).toBe('TOO_MANY_FILES');
      expect((await myListings(owner)).total).toBe(before);
      const five = await sendListing(t.http, owner, listingForm(), {
        images: Array.from({ length: 5 }, () => image),
      }).expect(201);
      expect(five.body.images).toHaveLength(5);
    });

    it('is for members only', async () => {
      const res = await sendListing(t.http, null, listingForm()).expect(401);
      expect(res.body.msg).toBeTruthy();
    });
  });

  describe('who sees what', () => {
    let pending: ListingBody;
    let approved: ListingBody;

    beforeAll(async () => {
      pending = await submitListing(t.http, owner, { name: 'Pending Bakery' });
      approved = await approvedListing(t.http, owner, admin, { name: 'Approved Grocery' });
    });

    it('refuses guests everywhere (members-only directory)', async () => {
      await t.http.get('/api/directory').expect(401);
      await t.http.get('/api/directory/my-listings').expect(401);
      await t.http.get(`/api/directory/${approved._id}`).expect(401);
    });

    it('shows other members approved listings only', async () => {
      const list = await t.http.get('/api/directory?limit=100').set(other.auth).expect(200);
      const ids = (list.body.listings as ListingBody[]).map((l) => l._id);
      expect(ids).toContain(approved._id);
      expect(ids).not.toContain(pending._id);
      expect((list.body.listings as ListingBody[]).every((l) => l.status === 'approved')).toBe(
        true,
      );
      await t.http.get(`/api/directory/${approved._id}`).set(other.auth).expect(200);
      const hidden = await t.http.get(`/api/directory/${pending._id}`).set(other.auth).expect(404);
      expect(hidden.body).toMatchObject({
        code: 'LISTING_NOT_FOUND',
        msg: 'Directory listing not found',
      });
      await t.http.get(`/api/directory/${MISSING}`).set(other.auth).expect(404);
      await t.http.get('/api/directory/not-a-uuid').set(other.auth).expect(404);
    });

    it('shows owners and admins every status', async () => {
      const own = await t.http.get(`/api/directory/${pending._id}`).set(owner.auth).expect(200);
      expect(own.body.status).toBe('pending');
      await t.http.get(`/api/directory/${pending._id}`).set(admin.auth).expect(200);
      const mine = await myListings(owner);
      expect(mine.listings.map((l) => l._id)).toEqual(
        expect.arrayContaining([pending._id, approved._id]),
      );
      expect((await myListings(other)).total).toBe(0);
    });

    it('keeps the moderation routes for admins', async () => {
      await t.http.get('/api/directory/admin/pending').set(other.auth).expect(403);
      await t.http.get('/api/directory/admin/all').expect(401);
      await t.http.put(`/api/directory/admin/${pending._id}/approve`).set(owner.auth).expect(403);
      await t.http.put(`/api/directory/admin/${pending._id}/verify`).set(owner.auth).expect(403);
    });
  });

  describe('moderation', () => {
    it('approves with flags, emails the owner, and refuses approving twice', async () => {
      const listing = await submitListing(t.http, owner, { name: 'Injera Express' });
      const queue = await t.http
        .get('/api/directory/admin/pending?limit=100')
        .set(admin.auth)
        .expect(200);
      expect((queue.body.listings as ListingBody[]).map((l) => l._id)).toContain(listing._id);
      expect(queue.body.listings.every((l: ListingBody) => l.status === 'pending')).toBe(true);

      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .send({ verified: true, featured: false })
        .expect(200);
      expect(res.body).toMatchObject({ status: 'approved', verified: true, featured: false });
      const mail = await smtp.waitForSubject(
        owner.user.email,
        'Your listing is approved: Injera Express',
      );
      expect(mail.raw).toContain(`/directory/${listing._id}`);

      const again = await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .expect(409);
      expect(again.body.code).toBe('LISTING_ALREADY_APPROVED');
      const after = await t.http
        .get('/api/directory/admin/pending?limit=100')
        .set(admin.auth)
        .expect(200);
      expect((after.body.listings as ListingBody[]).map((l) => l._id)).not.toContain(listing._id);
    });

    it('rejects with a reason the owner reads in the email, then hides it from members', async () => {
      const listing = await approvedListing(t.http, owner, admin, { name: 'Shady Exchange' });
      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Please add a verifiable address.' })
        .expect(200);
      expect(res.body).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Please add a verifiable address.',
      });
      const mail = await smtp.waitForSubject(
        owner.user.email,
        'Your listing was not approved: Shady Exchange',
      );
      expect(mail.raw).toContain('Reason: Please add a verifiable address.');
      await t.http.get(`/api/directory/${listing._id}`).set(other.auth).expect(404);
      const twice = await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .send({})
        .expect(409);
      expect(twice.body.code).toBe('LISTING_ALREADY_REJECTED');
      // A rejected listing may still be approved later.
      await t.http
        .put(`/api/directory/admin/${listing._id}/approve`)
        .set(admin.auth)
        .send({})
        .expect(200);
    });

    it('rejects without a reason (no body at all, as spec 7 sends it)', async () => {
      const listing = await submitListing(t.http, owner, { name: 'No Reason Given' });
      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.rejectionReason).toBeNull();
      const mail = await smtp.waitForSubject(
        owner.user.email,
        'Your listing was not approved: No Reason Given',
      );
      expect(mail.raw).toContain('No reason was given.');
    });

    it('rejects with no body sent as JSON (spec 7 sends every call with a JSON type)', async () => {
      const listing = await submitListing(t.http, owner, { name: 'Empty JSON Body' });
      const res = await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .set('content-type', 'application/json')
        .expect(200);
      expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: null });
    });

    it('sets and clears the verified and featured flags', async () => {
      const listing = await submitListing(t.http, owner);
      const verified = await t.http
        .put(`/api/directory/admin/${listing._id}/verify`)
        .set(admin.auth)
        .expect(200);
      expect(verified.body.verified).toBe(true);
      const featured = await t.http
        .put(`/api/directory/admin/${listing._id}/feature`)
        .set(admin.auth)
        .send({})
        .expect(200);
      expect(featured.body).toMatchObject({ featured: true, verified: true, status: 'pending' });
      const off = await t.http
        .put(`/api/directory/admin/${listing._id}/verify`)
        .set(admin.auth)
        .send({ verified: false })
        .expect(200);
      expect(off.body.verified).toBe(false);
      const bad = await t.http
        .put(`/api/directory/admin/${listing._id}/feature`)
        .set(admin.auth)
        .send({ featured: 'maybe' })
        .expect(400);
      expect(bad.body.errors).toEqual([
        { field: 'featured', msg: 'featured must be true or false', code: 'WRONG_TYPE' },
      ]);
      await t.http.put(`/api/directory/admin/${MISSING}/verify`).set(admin.auth).expect(404);
    });

    it('lists everything for admins, filterable by status, with totals', async () => {
      const all = await t.http
        .get('/api/directory/admin/all?limit=100')
        .set(admin.auth)
        .expect(200);
      const rejected = await t.http
        .get('/api/directory/admin/all?status=rejected&limit=100')
        .set(admin.auth)
        .expect(200);
      expect(rejected.body.total).toBeGreaterThan(0);
      expect(rejected.body.listings.every((l: ListingBody) => l.status === 'rejected')).toBe(true);
      expect(all.body.total).toBeGreaterThan(rejected.body.total);
      expect(all.body.listings).toHaveLength(all.body.total);
      const bad = await t.http
        .get('/api/directory/admin/all?status=archived')
        .set(admin.auth)
        .expect(400);
      expect(bad.body.errors[0].field).toBe('status');
    });
  });

  describe('owners edit, resubmit and delete', () => {
    it('edits a rejected listing, which goes back to pending without the reason', async () => {
      const listing = await submitListing(
        t.http,
        owner,
        { name: 'First Try' },
        {
          logo: await pngImage(),
          images: [await pngImage(), await pngImage()],
        },
      );
      await t.http
        .put(`/api/directory/admin/${listing._id}/reject`)
        .set(admin.auth)
        .send({ reason: 'Too short' })
        .expect(200);
      const [keep, drop] = listing.images as string[];
      const res = await sendListing(
        t.http,
        owner,
        listingForm({
          name: 'Second Try',
          existingImages: JSON.stringify([keep]),
          removeLogo: 'true',
        }),
        { images: [await pngImage()] },
        listing._id,
      ).expect(200);
      expect(res.body).toMatchObject({
        name: 'Second Try',
        status: 'pending',
        rejectionReason: null,
        logo: null,
      });
      expect(res.body.images).toHaveLength(2);
      expect(res.body.images[0]).toBe(keep);
      await t.http.get(drop).expect(404);
      await t.http.get(listing.logo as string).expect(404);
      await t.http.get(keep).expect(200);
    });

    it('refuses more than 5 images in total when editing', async () => {
      const image = await pngImage();
      const listing = await submitListing(
        t.http,
        owner,
        {},
        { images: [image, image, image, image] },
      );
      const res = await sendListing(
        t.http,
        owner,
        listingForm(),
        { images: [image, image] },
        listing._id,
      ).expect(400);
      expect(res.body).toMatchObject({
        code: 'TOO_MANY_LISTING_IMAGES',
        errors: [{ field: 'images', msg: 'At most 5 images' }],
      });
      const still = await t.http.get(`/api/directory/${listing._id}`).set(owner.auth).expect(200);
      expect(still.body.images).toHaveLength(4);
    });

    it('lets nobody but the owner edit, and not once approved', async () => {
      const pending = await submitListing(t.http, owner);
      await sendListing(t.http, other, listingForm(), {}, pending._id).expect(404);
      const byAdmin = await sendListing(t.http, admin, listingForm(), {}, pending._id).expect(403);
      expect(byAdmin.body.code).toBe('LISTING_FORBIDDEN');
      const approved = await approvedListing(t.http, owner, admin);
      const own = await sendListing(t.http, owner, listingForm(), {}, approved._id).expect(409);
      expect(own.body.code).toBe('LISTING_NOT_EDITABLE');
      const byOther = await sendListing(t.http, other, listingForm(), {}, approved._id).expect(403);
      expect(byOther.body.code).toBe('LISTING_FORBIDDEN');
      await sendListing(t.http, owner, { ...listingForm(), type: 'shop' }, {}, pending._id).expect(
        400,
      );
    });

    it('lets the owner or an admin delete, with the media and the engagement', async () => {
      const mine = await approvedListing(t.http, owner, admin, {}, {});
      const withLogo = await submitListing(t.http, owner, {}, { logo: await pngImage() });
      const byOther = await t.http.delete(`/api/directory/${mine._id}`).set(other.auth).expect(403);
      expect(byOther.body.code).toBe('LISTING_FORBIDDEN');
      await t.http.delete(`/api/directory/${withLogo._id}`).set(other.auth).expect(404);

      const comment = await t.http
        .post('/api/comments')
        .set(other.auth)
        .send({ content: 'Great place', contentType: 'directory', contentId: mine._id })
        .expect(201);
      await t.http.post(`/api/reactions/directory/${mine._id}/like`).set(other.auth).expect(200);
      const deleted = await t.http.delete(`/api/directory/${mine._id}`).set(owner.auth).expect(200);
      expect(deleted.body.msg).toBe('Listing deleted');
      await t.http.get(`/api/directory/${mine._id}`).set(owner.auth).expect(404);
      await t.http.get(`/api/comments/replies/${comment.body._id}`).set(other.auth).expect(404);

      await t.http.delete(`/api/directory/${withLogo._id}`).set(admin.auth).expect(200);
      await t.http.get(withLogo.logo as string).expect(404);
      await t.http.delete(`/api/directory/${withLogo._id}`).set(admin.auth).expect(404);
    });
  });
});
