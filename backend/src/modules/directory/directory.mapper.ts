import { engagementFields, type Engagement } from '../../common/content/engagement';
import { ListingDto } from './directory.dto';
import { Listing } from './directory.repository';

export interface ListingExtras extends Engagement {
  owner: { name: string; email: string };
}

/** A stored listing in the shape of spec section 3. */
export function toListingDto(row: Listing, extras: ListingExtras): ListingDto {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    category: row.category,
    contact: {
      email: row.email,
      phone: row.phone,
      website: row.website,
      address: {
        street: row.street,
        city: row.city,
        state: row.state,
        country: row.country,
        postalCode: row.postalCode,
      },
    },
    hours: row.hours,
    socialMedia: row.socialMedia,
    tags: row.tags,
    logo: row.logo?.url ?? null,
    logoThumbnail: row.logo?.thumbnail ?? null,
    images: row.images.map((image) => image.url),
    imageThumbnails: row.images.map((image) => image.thumbnail),
    status: row.status,
    rejectionReason: row.rejectionReason,
    verified: row.verified,
    featured: row.featured,
    owner: { _id: row.ownerId, ...extras.owner },
    ...engagementFields(extras),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
