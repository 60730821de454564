import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { ResponseCache } from '../../common/cache/response-cache';
import { AuthUser, isAdmin } from '../../common/auth/auth.decorators';
import { Transactions } from '../../db/transactions';
import { ContentRegistry } from '../../common/content/content-registry';
import { engagementOf } from '../../common/content/engagement';
import { AppException } from '../../common/errors/app-exception';
import { normaliseEmail } from '../../common/email';
import { editConflict, loadedAt } from '../../common/concurrency/edit-conflict';
import { PageQueryDto, paginated, pageWindow } from '../../common/pagination/pagination';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { MailService } from '../mail/mail.service';
import { NotificationKind } from '../notifications/notification-kinds';
import { NotificationsService } from '../notifications/notifications.service';
import { parseFormFields } from '../media/media.form';
import { FileFieldRule, MultipartForm } from '../media/media.multipart';
import { MediaService } from '../media/media.service';
import { ReactionsService, UserReaction, withMyReaction } from '../reactions/reactions.service';
import { UsersService } from '../users/users.service';
import { ViewsService } from '../views/views.service';
import {
  AdminListingQueryDto,
  ApproveListingDto,
  DirectoryQueryDto,
  LISTING_JSON_FIELDS,
  ListingDto,
  ListingFormDto,
  ListingListDto,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  nestFormFields,
  RejectListingDto,
  splitTags,
} from './directory.dto';
import { DirectoryErrorCode, listingNotFound } from './directory.errors';
import { toListingDto } from './directory.mapper';
import { DirectoryRepository, Listing, ListingFilters } from './directory.repository';
import {
  ListingHours,
  ListingImage,
  ListingSocialMedia,
  ListingStatus,
  NewListingRow,
  SOCIAL_NETWORKS,
  WEEK_DAYS,
  directoryListings,
} from './directory.schema';

const MB = 1024 * 1024;
export const MAX_LISTING_IMAGES = 5;
const PAGE_SIZE = 12;

/** Spec 5 and 9: a logo and up to 5 more images, real images only (sniffed), 10 MB each. */
export const LISTING_UPLOADS: Record<string, FileFieldRule> = {
  logo: { kind: 'image', maxCount: 1, maxBytes: 10 * MB },
  images: { kind: 'image', maxCount: MAX_LISTING_IMAGES, maxBytes: 10 * MB },
};

/** Members see approved listings; owners and admins also see pending and rejected ones. */
export function canSee(listing: Listing, caller: AuthUser | undefined): boolean {
  if (!caller) return false;
  return listing.status === 'approved' || listing.ownerId === caller.id || isAdmin(caller);
}

/** The members-only business directory: submissions, owners' edits, visibility, deletion. */
@Injectable()
export class DirectoryService implements OnModuleInit {
  constructor(
    private readonly listings: DirectoryRepository,
    private readonly content: ContentRegistry,
    private readonly media: MediaService,
    private readonly users: UsersService,
    private readonly reactions: ReactionsService,
    private readonly views: ViewsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountData: AccountDataRegistry,
    private readonly cache: ResponseCache,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    // Comments, reactions and views follow the listing's own visibility; guests get nothing.
    this.content.register('directory', {
      membersOnly: true,
      exists: async (id, caller) => {
        const listing = await this.listings.findById(id);
        return Boolean(listing && canSee(listing, caller));
      },
    });
    // A listing is the member's own business card: it goes with the account, with its thread.
    this.accountData.register({
      key: 'listings',
      tables: [directoryListings],
      export: (owner) => this.listings.ownedBy(owner.id),
      erase: (owner) => this.removeAllOf(owner.id),
    });
  }

  /** Deletes every listing of a deleted account; their files go once the deletion commits. */
  private async removeAllOf(ownerId: string): Promise<void> {
    const owned = await this.listings.ownedBy(ownerId);
    await this.content.holdForDeletion(
      'directory',
      owned.map((listing) => listing.id),
    );
    for (const listing of await this.listings.deleteOwnedBy(ownerId)) {
      await this.content.removed('directory', listing.id);
      Transactions.afterCommit(() => {
        void this.media.removeFolder(`directory/${listing.id}`).catch(() => undefined);
      });
    }
  }

  /**
   * GET /directory: approved listings, featured first, with search and filters. Every member sees
   * the same page but for their own reaction: the page is cached once (members only: the route
   * is), and the caller's reactions, cached per caller, are laid over it.
   */
  async list(query: DirectoryQueryDto, caller?: AuthUser): Promise<ListingListDto> {
    const key = JSON.stringify([
      query.page,
      query.limit,
      query.search,
      query.type,
      query.category,
      query.country,
    ]);
    const listKey = `directory:list:${key}`;
    const shared =
      this.cache.peek<ListingListDto>(listKey) ??
      (await this.cache.get(listKey, () =>
        this.page(query, undefined, {
          status: 'approved',
          search: query.search || undefined,
          type: query.type || undefined,
          category: query.category || undefined,
          country: query.country || undefined,
        }),
      ));
    if (!caller) return shared;
    const ids = shared.listings.map((listing) => listing._id);
    const mineKey = `directory:mine:${caller.id}:${ids.join(',')}`;
    const mine =
      this.cache.peek<Map<string, UserReaction>>(mineKey) ??
      (await this.cache.get(mineKey, () => this.reactions.mine('directory', ids, caller.id)));
    return this.cache.combine(shared, mine, (page, reactions) => ({
      ...page,
      listings: page.listings.map((listing) => withMyReaction(listing, reactions)),
    }));
  }

  /** GET /directory/my-listings: the caller's own listings in every status. */
  mine(caller: AuthUser, query: PageQueryDto): Promise<ListingListDto> {
    return this.page(query, caller, { ownerId: caller.id });
  }

  /** GET /directory/admin/pending and /admin/all. */
  moderationList(query: AdminListingQueryDto, status?: ListingStatus): Promise<ListingListDto> {
    return this.page(query, undefined, { status: status ?? (query.status || undefined) });
  }

  async get(caller: AuthUser, id: string): Promise<ListingDto> {
    return this.toDto(await this.visible(caller, id), caller);
  }

  async create(caller: AuthUser, form: MultipartForm): Promise<ListingDto> {
    const dto = await this.parseForm(form);
    const id = randomUUID();
    const folder = `directory/${id}`;
    try {
      const logo = form.files.logo?.[0]
        ? await this.media.saveImage(folder, form.files.logo[0])
        : null;
      const images = await this.storeImages(folder, form);
      const row = await this.listings.create({
        id,
        ...toValues(dto),
        logo,
        images,
        status: 'pending',
        ownerId: caller.id,
      });
      return this.toDto(row, caller);
    } catch (error) {
      // No half-written listing: files stored for a failed insert are removed.
      await this.media.removeFolder(folder).catch(() => undefined);
      throw error;
    }
  }

  /** PUT /directory/:id: the owner edits a pending or rejected listing; it goes back to review. */
  async update(caller: AuthUser, id: string, form: MultipartForm): Promise<ListingDto> {
    const current = await this.visible(caller, id);
    if (current.ownerId !== caller.id) {
      throw AppException.forbidden(
        'Only the owner can edit this listing',
        DirectoryErrorCode.LISTING_FORBIDDEN,
      );
    }
    assertEditable(current.status);
    const dto = await this.parseForm(form);
    const kept =
      dto.existingImages === undefined
        ? current.images
        : current.images.filter((image) => dto.existingImages?.includes(image.url));
    if (kept.length + (form.files.images?.length ?? 0) > MAX_LISTING_IMAGES) {
      throw new AppException(
        400,
        `A listing can have at most ${MAX_LISTING_IMAGES} images besides its logo`,
        DirectoryErrorCode.TOO_MANY_LISTING_IMAGES,
        [{ field: 'images', msg: `At most ${MAX_LISTING_IMAGES} images` }],
      );
    }
    const folder = `directory/${id}`;
    const added: string[] = [];
    let updated: Listing | undefined;
    let logo = dto.removeLogo ? null : current.logo;
    try {
      if (form.files.logo?.[0]) {
        logo = await this.media.saveImage(folder, form.files.logo[0]);
        added.push(logo.url, logo.thumbnail);
      }
      const images = await this.storeImages(folder, form);
      added.push(...imageUrls(images));
      updated = await this.listings.edit(
        id,
        {
          ...toValues(dto),
          logo,
          images: [...kept, ...images],
          status: 'pending',
          rejectionReason: null,
        },
        EDITABLE_STATUSES,
        loadedAt(dto.updatedAt),
      );
      if (!updated) {
        const now = await this.listings.findById(id);
        // Still editable: changed since the form was opened (the files stored above go, below).
        if (now && EDITABLE_STATUSES.includes(now.status)) throw editConflict();
        // Approved (or deleted) while the owner was editing.
        assertEditable('approved');
      }
    } catch (error) {
      await this.media.removeUrls(added).catch(() => undefined);
      throw error;
    }
    const dropped = current.images.filter((image) => !kept.includes(image));
    if (current.logo && current.logo.url !== logo?.url) dropped.push(current.logo);
    await this.media.removeUrls(imageUrls(dropped)).catch(() => undefined);
    return this.toDto(updated as Listing, caller);
  }

  /** DELETE /directory/:id: the owner or an admin; media and engagement go with it. */
  async remove(caller: AuthUser, id: string): Promise<{ msg: string }> {
    const current = await this.visible(caller, id);
    if (current.ownerId !== caller.id && !isAdmin(caller)) {
      throw AppException.forbidden(
        'Only the owner or an admin can delete this listing',
        DirectoryErrorCode.LISTING_FORBIDDEN,
      );
    }
    // The listing and its engagement go in one transaction; its files once that commits.
    const deleted = await this.content.deleteWithEngagement('directory', id, () =>
      this.listings.delete(id),
    );
    if (!deleted) throw listingNotFound();
    await this.media.removeFolder(`directory/${id}`).catch(() => undefined);
    return { msg: 'Listing deleted' };
  }

  /**
   * PUT /directory/admin/:id/approve: pending or rejected becomes approved; the owner is told.
   * With `updatedAt`, only the version the admin reviewed (an owner's edit since is EDIT_CONFLICT).
   */
  async approve(id: string, dto: ApproveListingDto): Promise<ListingDto> {
    const current = await this.listings.findById(id);
    if (!current) throw listingNotFound();
    if (current.status === 'approved') {
      throw AppException.conflict(
        'This listing is already approved',
        DirectoryErrorCode.LISTING_ALREADY_APPROVED,
      );
    }
    // The decision, its notice and its email commit together (ADR 0060).
    const row = await this.transactions.run(async () => {
      const updated = await this.listings.update(
        id,
        {
          status: 'approved',
          rejectionReason: null,
          verified: dto.verified ?? current.verified,
          featured: dto.featured ?? current.featured,
        },
        [current.status],
        loadedAt(dto.updatedAt),
      );
      // Edited by its owner or decided by another admin since it was read.
      if (!updated) throw editConflict();
      await this.tellOwner(updated, 'approved');
      return updated;
    });
    return this.toDto(row);
  }

  /** PUT /directory/admin/:id/reject: pending or approved becomes rejected, with a reason. */
  async reject(id: string, dto: RejectListingDto): Promise<ListingDto> {
    const current = await this.listings.findById(id);
    if (!current) throw listingNotFound();
    if (current.status === 'rejected') {
      throw AppException.conflict(
        'This listing is already rejected',
        DirectoryErrorCode.LISTING_ALREADY_REJECTED,
      );
    }
    const row = await this.transactions.run(async () => {
      const updated = await this.listings.update(
        id,
        { status: 'rejected', rejectionReason: dto.reason || null },
        [current.status],
        loadedAt(dto.updatedAt),
      );
      if (!updated) throw editConflict();
      await this.tellOwner(updated, 'rejected');
      return updated;
    });
    return this.toDto(row);
  }

  /** PUT /directory/admin/:id/verify and /feature: set a flag (on unless told otherwise). */
  async setFlag(id: string, flag: 'verified' | 'featured', value = true): Promise<ListingDto> {
    const row = await this.listings.setFlag(id, flag, value);
    if (!row) throw listingNotFound();
    return this.toDto(row);
  }

  /** Approved listings: the home page's business count. */
  countApproved(): Promise<number> {
    return this.listings.countByStatus('approved');
  }

  private async visible(caller: AuthUser, id: string): Promise<Listing> {
    const listing = await this.listings.findById(id);
    if (!listing || !canSee(listing, caller)) throw listingNotFound();
    return listing;
  }

  private async page(
    query: PageQueryDto,
    caller: AuthUser | undefined,
    filters: ListingFilters,
  ): Promise<ListingListDto> {
    const window = pageWindow(query, PAGE_SIZE);
    const { rows, total } = await this.listings.list(filters, window);
    return paginated('listings', await this.toDtos(rows, caller), total, window);
  }

  private async parseForm(form: MultipartForm): Promise<ListingFormDto> {
    const nested = nestFormFields(form.fields);
    const dto = await parseFormFields(ListingFormDto, nested, LISTING_JSON_FIELDS);
    const tags = splitTags(dto.tags);
    if (tags.length > MAX_TAGS) {
      throw AppException.invalidField('tags', `A listing can have at most ${MAX_TAGS} tags`);
    }
    if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) {
      throw AppException.invalidField(
        'tags',
        `Each tag must be at most ${MAX_TAG_LENGTH} characters`,
      );
    }
    return dto;
  }

  private async storeImages(folder: string, form: MultipartForm): Promise<ListingImage[]> {
    const stored: ListingImage[] = [];
    for (const file of form.files.images ?? []) {
      stored.push(await this.media.saveImage(folder, file));
    }
    return stored;
  }

  /** The owner hears of the decision in the page and, as they chose, by email. */
  private async tellOwner(listing: Listing, outcome: 'approved' | 'rejected'): Promise<void> {
    const owner = await this.users.findById(listing.ownerId);
    if (!owner) return;
    const listingUrl = `${this.config.publicUrl}/directory/${listing.id}`;
    await this.notifications.notify({
      userId: owner.id,
      kind:
        outcome === 'approved'
          ? NotificationKind.listingApproved
          : NotificationKind.listingRejected,
      target: { type: 'directory', id: listing.id },
      data: { title: listing.name, reason: listing.rejectionReason },
      email: (unsubscribe) =>
        outcome === 'approved'
          ? this.mail.send(
              'listingApproved',
              owner.email,
              { name: owner.name, listingName: listing.name, listingUrl },
              { unsubscribe },
            )
          : this.mail.send(
              'listingRejected',
              owner.email,
              {
                name: owner.name,
                listingName: listing.name,
                reason: listing.rejectionReason,
                listingUrl,
              },
              { unsubscribe },
            ),
    });
  }

  private async toDto(row: Listing, caller?: AuthUser): Promise<ListingDto> {
    return (await this.toDtos([row], caller))[0];
  }

  /** Spec section 3: owner{_id, name, email}, reaction counts (and the caller's own) and views. */
  private async toDtos(rows: Listing[], caller?: AuthUser): Promise<ListingDto[]> {
    const ids = rows.map((row) => row.id);
    const [owners, reactions, views] = await Promise.all([
      this.users.contactsByIds(rows.map((row) => row.ownerId)),
      this.reactions.counts('directory', ids, caller?.id),
      this.views.counts('directory', ids),
    ]);
    return rows.map((row) =>
      toListingDto(row, {
        owner: owners.get(row.ownerId) ?? { name: '', email: '' },
        ...engagementOf(row.id, reactions, views),
      }),
    );
  }
}

/** The statuses in which the owner may edit a listing (it then goes back to review). */
const EDITABLE_STATUSES: readonly ListingStatus[] = ['pending', 'rejected'];

function assertEditable(status: ListingStatus): void {
  if (status === 'approved') {
    throw AppException.conflict(
      'An approved listing cannot be edited',
      DirectoryErrorCode.LISTING_NOT_EDITABLE,
    );
  }
}

/** The validated form as table values; blank optional fields are stored as null. */
function toValues(
  dto: ListingFormDto,
): Omit<NewListingRow, 'logo' | 'images' | 'status' | 'ownerId' | 'search'> {
  const hours: ListingHours = {};
  for (const day of WEEK_DAYS) if (dto.hours?.[day]) hours[day] = dto.hours[day];
  const socialMedia: ListingSocialMedia = {};
  for (const network of SOCIAL_NETWORKS) {
    if (dto.socialMedia?.[network]) socialMedia[network] = dto.socialMedia[network];
  }
  const { contact } = dto;
  return {
    name: dto.name,
    description: dto.description,
    type: dto.type,
    category: dto.category,
    email: (contact.email && normaliseEmail(contact.email)) || null,
    phone: contact.phone || null,
    website: contact.website || null,
    street: contact.address.street || null,
    city: contact.address.city || null,
    state: contact.address.state || null,
    country: contact.address.country,
    postalCode: contact.address.postalCode || null,
    hours,
    socialMedia,
    tags: splitTags(dto.tags),
  };
}

function imageUrls(images: ListingImage[]): string[] {
  return images.flatMap((image) => [image.url, image.thumbnail]);
}
