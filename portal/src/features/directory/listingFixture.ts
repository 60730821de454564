import type { Listing, ListingCategory, ListingStatus, ListingType } from '@diaspora/api-client';

/** Overrides in plain strings, as the API sends them (the generated types are TS enums). */
export type ListingOverrides = Partial<Omit<Listing, 'status' | 'type' | 'category'>> & {
  status?: `${ListingStatus}`;
  type?: `${ListingType}`;
  category?: `${ListingCategory}`;
};

export const MEMBER = { _id: 'u1', name: 'Abebe', email: 'abebe@example.com', role: 'member' };

/** A listing as the API answers it; overrides win. */
export function listingFixture(overrides: ListingOverrides = {}): Listing {
  return {
    _id: 'l1',
    name: 'Buna House',
    description: 'Ethiopian coffee roasted in Toronto.',
    type: 'business',
    category: 'retail',
    contact: {
      email: 'hello@buna.example',
      phone: '+1 416 555 0142',
      website: 'https://buna.example',
      address: {
        street: '88 Danforth Ave',
        city: 'Toronto',
        state: null,
        country: 'Canada',
        postalCode: null,
      },
    },
    hours: { monday: '8:00 - 18:00' },
    socialMedia: { instagram: 'https://instagram.com/buna' },
    tags: ['coffee', 'roastery'],
    logo: null,
    logoThumbnail: null,
    images: [],
    imageThumbnails: [],
    status: 'approved',
    rejectionReason: null,
    verified: true,
    featured: false,
    owner: { _id: 'u2', name: 'Hanna Girma', email: 'hanna@example.com' },
    likes: 0,
    dislikes: 0,
    myReaction: null,
    views: 4,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    ...overrides,
  } as Listing;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const page = (listings: Listing[]) => ({
  listings,
  total: listings.length,
  page: 1,
  totalPages: listings.length ? 1 : 0,
});

/** Signs the member in the way the session reads it (spec 4: token and user in local storage). */
export function signIn(user: Record<string, string> = MEMBER): void {
  localStorage.setItem('token', 'member-token');
  localStorage.setItem('user', JSON.stringify(user));
}
