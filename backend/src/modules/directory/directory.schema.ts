import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** Spec section 9: listing types, categories and moderation statuses. */
export const LISTING_TYPES = ['business', 'professional', 'organization'] as const;
export const LISTING_CATEGORIES = [
  'restaurant',
  'retail',
  'services',
  'healthcare',
  'education',
  'technology',
  'finance',
  'non-profit',
  'other',
] as const;
export const LISTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const SOCIAL_NETWORKS = ['instagram', 'linkedin', 'twitter', 'facebook'] as const;

export type ListingType = (typeof LISTING_TYPES)[number];
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export type WeekDay = (typeof WEEK_DAYS)[number];
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type ListingHours = Partial<Record<WeekDay, string>>;
export type ListingSocialMedia = Partial<Record<SocialNetwork, string>>;
export interface ListingImage {
  url: string;
  thumbnail: string;
}

export const directoryListings = pgTable(
  'directory_listings',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<ListingType>().notNull(),
    category: text('category').$type<ListingCategory>().notNull(),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    country: text('country').notNull(),
    postalCode: text('postal_code'),
    hours: jsonb('hours').$type<ListingHours>().notNull().default({}),
    socialMedia: jsonb('social_media').$type<ListingSocialMedia>().notNull().default({}),
    /** jsonb rather than text[]: jsonb_to_tsvector is immutable, so tags can feed the search column. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    logo: jsonb('logo').$type<ListingImage | null>(),
    images: jsonb('images').$type<ListingImage[]>().notNull().default([]),
    status: text('status').$type<ListingStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    verified: boolean('verified').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(tags, '[]'::jsonb), '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
    ),
  },
  (table) => [
    index('directory_listings_search_idx').using('gin', table.search),
    // The member list: approved listings, featured first, newest first.
    // The list's whole order (id last): the first page is read from the index, not sorted (issue 16).
    index('directory_listings_status_idx').on(
      table.status,
      table.featured.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('directory_listings_owner_idx').on(table.ownerId, table.createdAt.desc().nullsFirst()),
  ],
);

export type ListingRow = typeof directoryListings.$inferSelect;
export type NewListingRow = typeof directoryListings.$inferInsert;
