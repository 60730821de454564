import type TestAgent from 'supertest/lib/agent';
import type { Session } from './factories';

let sequence = 0;

/** The Add Your Business form's text fields with spec 7's dotted names; overrides win. */
export function listingForm(overrides: Record<string, string> = {}): Record<string, string> {
  sequence++;
  return {
    name: `Test Business ${sequence}`,
    description: `A business for testing number ${sequence}.`,
    type: 'business',
    category: 'services',
    'contact.email': `biz${sequence}@example.com`,
    'contact.phone': '+1 416 555 0100',
    'contact.website': 'https://biz.example',
    'contact.address.city': 'Toronto',
    'contact.address.country': 'Canada',
    tags: 'testing, services',
    ...overrides,
  };
}

export interface ListingFiles {
  logo?: Buffer;
  images?: Buffer[];
}

/** A POST or PUT of the multipart listing form, not yet sent (so callers can expect a status). */
export function sendListing(
  http: TestAgent,
  session: Session | null,
  fields: Record<string, string>,
  files: ListingFiles = {},
  id?: string,
) {
  let request = id ? http.put(`/api/directory/${id}`) : http.post('/api/directory');
  if (session) request = request.set(session.auth);
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  if (files.logo) request = request.attach('logo', files.logo, 'logo.png');
  (files.images ?? []).forEach((buffer, i) => {
    request = request.attach('images', buffer, `photo-${i}.png`);
  });
  return request;
}

export interface ListingBody {
  _id: string;
  name: string;
  status: string;
  [field: string]: unknown;
}

/** Submits a listing as `owner`; returns it (pending). */
export async function submitListing(
  http: TestAgent,
  owner: Session,
  overrides: Record<string, string> = {},
  files: ListingFiles = {},
): Promise<ListingBody> {
  const res = await sendListing(http, owner, listingForm(overrides), files);
  if (res.status !== 201) {
    throw new Error(`submitListing: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body as ListingBody;
}

/** Submits and has the admin approve it; returns the approved listing. */
export async function approvedListing(
  http: TestAgent,
  owner: Session,
  admin: Session,
  overrides: Record<string, string> = {},
  flags: { verified?: boolean; featured?: boolean } = {},
): Promise<ListingBody> {
  const listing = await submitListing(http, owner, overrides);
  const res = await http
    .put(`/api/directory/admin/${listing._id}/approve`)
    .set(admin.auth)
    .send(flags)
    .expect(200);
  return res.body as ListingBody;
}
