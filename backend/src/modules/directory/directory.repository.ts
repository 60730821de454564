import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, getTableColumns, inArray, SQL } from 'drizzle-orm';
import { PageWindow } from '../../common/pagination/pagination';
import { matchesSearch } from '../../common/search/full-text';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, sameUpdatedAt, unchangedSince } from '../../db/edit-version';
import {
  directoryListings as listings,
  ListingCategory,
  ListingRow,
  ListingStatus,
  ListingType,
  NewListingRow,
} from './directory.schema';

export interface ListingFilters {
  status?: ListingStatus;
  ownerId?: string;
  search?: string;
  type?: ListingType;
  category?: ListingCategory;
  country?: string;
}

export type Listing = Omit<ListingRow, 'search'>;
type ListingValues = Omit<NewListingRow, 'search'>;

/** Every column but the search vector, which stays in the database. */
const { search: _search, ...columns } = getTableColumns(listings);

@Injectable()
export class DirectoryRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(
    filters: ListingFilters,
    window: PageWindow,
  ): Promise<{ rows: Listing[]; total: number }> {
    const conditions: Array<SQL | undefined> = [
      filters.status ? eq(listings.status, filters.status) : undefined,
      filters.ownerId ? eq(listings.ownerId, filters.ownerId) : undefined,
      filters.type ? eq(listings.type, filters.type) : undefined,
      filters.category ? eq(listings.category, filters.category) : undefined,
      filters.country ? eq(listings.country, filters.country) : undefined,
      matchesSearch(listings.search, filters.search),
    ];
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(columns)
        .from(listings)
        .where(where)
        .orderBy(desc(listings.featured), desc(listings.createdAt), desc(listings.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(listings).where(where),
    ]);
    return { rows, total };
  }

  async findById(id: string): Promise<Listing | undefined> {
    const [row] = await this.db.select(columns).from(listings).where(eq(listings.id, id));
    return row;
  }

  async create(values: ListingValues): Promise<Listing> {
    const [row] = await this.db.insert(listings).values(values).returning(columns);
    return row;
  }

  /** Updates only when the row still has one of `statuses` (guards moderation races). */
  async update(
    id: string,
    values: Partial<ListingValues>,
    statuses?: readonly ListingStatus[],
    loadedAt?: Date,
  ): Promise<Listing | undefined> {
    const guard = statuses ? inArray(listings.status, [...statuses]) : undefined;
    const [row] = await this.db
      .update(listings)
      .set(values)
      .where(and(eq(listings.id, id), guard, unchangedSince(listings.updatedAt, loadedAt)))
      .returning(columns);
    return row;
  }

  /**
   * An admin's verified or featured badge: not an edit of the owner's content, so the listing's
   * version (updatedAt) stays and an owner's open edit form still saves.
   */
  async setFlag(
    id: string,
    flag: 'verified' | 'featured',
    value: boolean,
  ): Promise<Listing | undefined> {
    const [row] = await this.db
      .update(listings)
      .set({ [flag]: value, updatedAt: sameUpdatedAt(listings.updatedAt) })
      .where(eq(listings.id, id))
      .returning(columns);
    return row;
  }

  /**
   * The owner's edit: applied only while the row still has one of `statuses` and, with `loadedAt`
   * (the updatedAt the form was opened with), has not been changed since; one statement, so
   * nothing slips in between. Each edit gets a new updatedAt.
   */
  async edit(
    id: string,
    values: Partial<ListingValues>,
    statuses: readonly ListingStatus[],
    loadedAt: Date | undefined,
  ): Promise<Listing | undefined> {
    const [row] = await this.db
      .update(listings)
      .set({ ...values, updatedAt: nextUpdatedAt(listings.updatedAt) })
      .where(
        and(
          eq(listings.id, id),
          inArray(listings.status, [...statuses]),
          unchangedSince(listings.updatedAt, loadedAt),
        ),
      )
      .returning(columns);
    return row;
  }

  async delete(id: string): Promise<Listing | undefined> {
    const [row] = await this.db.delete(listings).where(eq(listings.id, id)).returning(columns);
    return row;
  }

  async countByStatus(status?: ListingStatus): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(listings)
      .where(status ? eq(listings.status, status) : undefined);
    return total;
  }

  /** Every listing of one member in every status, oldest first (their data export). */
  async ownedBy(ownerId: string): Promise<Listing[]> {
    return this.db
      .select(columns)
      .from(listings)
      .where(eq(listings.ownerId, ownerId))
      .orderBy(listings.createdAt);
  }

  async deleteOwnedBy(ownerId: string): Promise<Listing[]> {
    return this.db.delete(listings).where(eq(listings.ownerId, ownerId)).returning(columns);
  }
}
