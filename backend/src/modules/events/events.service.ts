import { randomUUID } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { ContentRegistry } from '../../common/content/content-registry';
import { engagementOf } from '../../common/content/engagement';
import { AppException } from '../../common/errors/app-exception';
import { editConflict, loadedAt } from '../../common/concurrency/edit-conflict';
import { ResponseCache } from '../../common/cache/response-cache';
import {
  decodeCursor,
  nextCursorOf,
  paginated,
  pageWindow,
} from '../../common/pagination/pagination';
import { Transactions } from '../../db/transactions';
import { parseFormFields } from '../media/media.form';
import { FileFieldRule, MultipartForm } from '../media/media.multipart';
import { MediaService } from '../media/media.service';
import { ReactionsService, UserReaction, withMyReaction } from '../reactions/reactions.service';
import { RemindersService } from '../reminders/reminders.service';
import { UsersService } from '../users/users.service';
import { ViewsService } from '../views/views.service';
import {
  EVENT_JSON_FIELDS,
  EventDto,
  EventExtras,
  EventFormDto,
  EventListDto,
  EventListQueryDto,
  EventSummaryDto,
  toEventDto,
  toEventSummaryDto,
  WHOS_GOING_MAX,
} from './events.dto';
import { icsFilename, toIcs } from './events.ics';
import { EventsMailer } from './events.mailer';
import { EventsRepository, ListedEvent } from './events.repository';
import { RsvpsRepository } from './rsvps.repository';
import {
  EventImage,
  EventPricing,
  EventRow,
  EventVideo,
  NewEventRow,
  RsvpStatus,
  TICKET_TYPES,
} from './events.schema';
import { venueInstant } from './venue-time';
import { soleZoneOf, zonesOf } from './venue-zones';
import { eventCancelledNoReopen, eventHasPaidTickets, eventNotFound } from './events.errors';
import { FieldErrorCode } from '../../common/errors/common.errors';

const MB = 1024 * 1024;
export const MAX_EVENT_IMAGES = 10;
export const MAX_EVENT_VIDEOS = 5;

/** Upload rules of the event form (spec 5 and 9): images are capped here at 20 MB each too. */
export const EVENT_UPLOADS: Record<string, FileFieldRule> = {
  images: { kind: 'image', maxCount: MAX_EVENT_IMAGES, maxBytes: 20 * MB },
  videos: { kind: 'video', maxCount: MAX_EVENT_VIDEOS, maxBytes: 20 * MB },
};

export const EVENT_LIST_PAGE_SIZE = 12;
/** A member's own answers and reactions among a page's events. */
interface Own {
  statuses: Map<string, RsvpStatus>;
  reactions: Map<string, UserReaction>;
}
const mineKey = (caller: AuthUser, ids: string[]) => `events:mine:${caller.id}:${ids.join(',')}`;

/** A copy of a shared (cached) event with the caller's own answer and reaction. */
function withOwn<T extends EventSummaryDto>(item: T, { statuses, reactions }: Own): T {
  return { ...withMyReaction(item, reactions), userStatus: statuses.get(item._id) ?? null };
}

/** Events: listing, the detail, the admin editor and calendar files (RSVPs and tickets: their services). */
@Injectable()
export class EventsService implements OnModuleInit {
  constructor(
    private readonly events: EventsRepository,
    private readonly rsvps: RsvpsRepository,
    private readonly media: MediaService,
    private readonly mailer: EventsMailer,
    private readonly users: UsersService,
    private readonly reactions: ReactionsService,
    private readonly views: ViewsService,
    private readonly content: ContentRegistry,
    private readonly transactions: Transactions,
    private readonly cache: ResponseCache,
    private readonly reminders: RemindersService, // issue 17: event reminders
  ) {}

  onModuleInit(): void {
    this.content.register('events', {
      exists: (id) => this.events.exists(id),
      preview: async (id) => {
        const row = await this.events.findById(id);
        if (!row) return undefined;
        return {
          title: row.title,
          excerpt: row.description,
          image: row.image ?? row.images[0]?.url ?? null,
        };
      },
    });
  }

  /** Everyone shares one cached page per query; a member's own RSVP and reaction are laid over it. */
  async list(query: EventListQueryDto, caller?: AuthUser): Promise<EventListDto> {
    const key = JSON.stringify([
      query.page,
      query.limit,
      query.cursor,
      query.upcoming,
      query.search,
      query.category,
      query.country,
    ]);
    const listKey = `events:list:${key}`;
    const answer =
      this.cache.peek<EventListDto>(listKey) ??
      (await this.cache.get(listKey, () => this.loadList(query)));
    if (!caller) return answer;
    const ids = answer.events.map((item) => item._id);
    const own = this.cache.peek<Own>(mineKey(caller, ids)) ?? (await this.mine(ids, caller));
    return this.cache.combine(answer, own, (page, mine) => ({
      ...page,
      events: page.events.map((item) => withOwn(item, mine)),
    }));
  }

  async get(id: string, caller?: AuthUser): Promise<EventDto> {
    const answer = await this.cache.get(`events:one:${id}`, () => this.loadOne(id));
    if (!caller) return answer;
    const own = await this.mine([id], caller);
    return this.cache.combine(answer, own, withOwn);
  }

  /** Read-after-write: the answer from the database, never from the cache the write is about to clear. */
  private async fresh(id: string, caller: AuthUser): Promise<EventDto> {
    return withOwn(await this.loadOne(id), await this.mine([id], caller, true));
  }

  private async loadList(query: EventListQueryDto): Promise<EventListDto> {
    const window = pageWindow(query, EVENT_LIST_PAGE_SIZE);
    const filters = {
      upcoming: query.upcoming,
      search: query.search || undefined,
      category: query.category,
      country: query.country || undefined,
    };
    const now = new Date();
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const [rows, total] = await Promise.all([
      this.events.list(filters, { ...window, after }, now),
      // The total does not depend on the page: one count serves every page of a filter.
      this.cache.get(`events:total:${JSON.stringify(filters)}`, () =>
        this.events.count(filters, now),
      ),
    ]);
    const page = rows.slice(0, window.limit);
    const extras = await this.extrasFor(page);
    return {
      ...paginated(
        'events',
        page.map((row) => toEventSummaryDto(row, extras(row.id))),
        total,
        window,
      ),
      nextCursor: nextCursorOf(rows, window.limit, (row) => ({ at: row.startsAt, id: row.id })),
    };
  }

  private async loadOne(id: string): Promise<EventDto> {
    const row = await this.requireEvent(id);
    const [extras, going] = await Promise.all([
      this.extrasFor([row]),
      this.rsvps.firstGoing(id, WHOS_GOING_MAX),
    ]);
    // Answers of deleted accounts are removed with them (cascade), so every attendee has a name.
    const names = await this.users.namesByIds(going.map((a) => a.userId));
    return toEventDto(
      row,
      extras(id),
      going.flatMap((a) => {
        const name = names.get(a.userId);
        return name ? [{ user: { _id: a.userId, name }, status: a.status }] : [];
      }),
    );
  }

  /** The caller's own answers and reactions among `ids` (cached per caller and page but `fresh`). */
  private async mine(ids: string[], caller: AuthUser, fresh = false): Promise<Own> {
    const load = async () => {
      const [statuses, reactions] = await Promise.all([
        this.rsvps.statusesOf(caller.id, ids),
        this.reactions.mine('events', ids, caller.id),
      ]);
      return { statuses, reactions };
    };
    return fresh ? load() : this.cache.get(mineKey(caller, ids), load);
  }

  async create(caller: AuthUser, form: MultipartForm): Promise<EventDto> {
    const dto = await this.parseForm(form);
    const id = randomUUID();
    const folder = `events/${id}`;
    try {
      const images = await this.storeImages(folder, form);
      const videos = await this.storeVideos(folder, form);
      await this.events.create({
        id,
        ...this.toValues(dto),
        images,
        videos,
        image: images[0]?.url ?? null,
        createdBy: caller.id,
      });
    } catch (error) {
      // No half-written event: files stored for a failed insert are removed.
      await this.media.removeFolder(folder).catch(() => undefined);
      throw error;
    }
    return this.fresh(id, caller);
  }

  async update(id: string, caller: AuthUser, form: MultipartForm): Promise<EventDto> {
    const current = await this.requireEvent(id);
    const dto = await this.parseForm(form);
    const keptImages = keep(current.images, dto.existingImages);
    const keptVideos = keep(current.videos, dto.existingVideos);
    const newImages = form.files.images ?? [];
    const newVideos = form.files.videos ?? [];
    if (keptImages.length + newImages.length > MAX_EVENT_IMAGES) {
      throw AppException.invalidField(
        'images',
        `An event can have at most ${MAX_EVENT_IMAGES} images`,
        FieldErrorCode.OUT_OF_RANGE,
      );
    }
    if (keptVideos.length + newVideos.length > MAX_EVENT_VIDEOS) {
      throw AppException.invalidField(
        'videos',
        `An event can have at most ${MAX_EVENT_VIDEOS} videos`,
        FieldErrorCode.OUT_OF_RANGE,
      );
    }
    const folder = `events/${id}`;
    const added: string[] = [];
    let updated: EventRow;
    try {
      const images = [...keptImages, ...(await this.storeImages(folder, form))];
      const videos = [...keptVideos, ...(await this.storeVideos(folder, form))];
      added.push(...mediaUrls(images.slice(keptImages.length)));
      added.push(...mediaUrls(videos.slice(keptVideos.length)));
      // The change and the emails to members it seats from the waitlist commit together.
      updated = await this.transactions.run(async () => {
        const result = await this.events.update(
          id,
          { ...this.toValues(dto, current), images, videos, image: images[0]?.url ?? null },
          loadedAt(dto.updatedAt),
        );
        if (!result) {
          throw eventNotFound();
        }
        // Edited by someone else since the form was opened: the files stored above go (catch).
        if (result === 'conflict') throw editConflict();
        if (result === 'reopen') throw eventCancelledNoReopen();
        await this.mailer.promoted(result.event, result.promoted);
        if (movedOrRescheduled(current, result.event)) {
          const going = (await this.rsvps.goingOrWaiting(id))
            .filter((row) => row.status === 'going' && !result.promoted.includes(row.userId))
            .map((row) => row.userId);
          await this.mailer.changed(result.event, going);
        }
        return result.event;
      });
    } catch (error) {
      await this.media.removeUrls(added).catch(() => undefined);
      throw error;
    }
    const dropped = [
      ...mediaUrls(current.images.filter((image) => !keptImages.includes(image))),
      ...mediaUrls(current.videos.filter((video) => !keptVideos.includes(video))),
    ];
    await this.media.removeUrls(dropped).catch(() => undefined);
    this.reminders.changed(updated.startsAt); // moved or seated: a reminder may be due at once
    return this.fresh(id, caller);
  }

  /**
   * Deletes an event none of whose tickets is paid or owed a refund (checked under the row lock a
   * payment's recording takes too); its files go once the delete has committed.
   */
  async remove(id: string): Promise<{ msg: string }> {
    // The event and its comments, reactions and views go in one transaction; files once it commits.
    const outcome = await this.content.deleteWithEngagement(
      'events',
      id,
      () => this.events.deleteUnlessOwed(id),
      (result) => result === 'deleted',
    );
    if (!outcome) throw eventNotFound();
    if (outcome === 'owed') throw eventHasPaidTickets();
    await this.media.removeFolder(`events/${id}`);
    return { msg: 'Event deleted' };
  }

  async ics(id: string): Promise<{ filename: string; body: string }> {
    const row = await this.requireEvent(id);
    return { filename: icsFilename(row), body: toIcs(row, this.mailer.eventUrl(id)) };
  }

  /** The event or a 404 (tickets price from it too). */
  async requireEvent(id: string): Promise<ListedEvent> {
    const row = await this.events.findById(id);
    if (!row) throw eventNotFound();
    return row;
  }

  private async parseForm(form: MultipartForm): Promise<EventFormDto> {
    const fields = { ...form.fields };
    const organizer = fields.organizer?.trim();
    // The organizer may come as JSON ({"name": ...}) or as the plain name.
    if (organizer && !organizer.startsWith('{'))
      fields.organizer = JSON.stringify({ name: organizer });
    const dto = await parseFormFields(EventFormDto, fields, EVENT_JSON_FIELDS);
    if (dto.isFree === false && !hasPrice(dto)) {
      throw AppException.invalidField(
        'pricing',
        'A paid event needs a price for at least one ticket type',
        FieldErrorCode.REQUIRED,
      );
    }
    return dto;
  }

  private toValues(
    dto: EventFormDto,
    current?: EventRow,
  ): Omit<NewEventRow, 'images' | 'videos' | 'image'> {
    const timeZone = venueZone(dto, current);
    const startsAt = venueInstant(dto.date, dto.time, timeZone);
    if (Number.isNaN(startsAt.getTime())) {
      throw AppException.invalidField(
        'date',
        'Date must be a valid date (YYYY-MM-DD)',
        FieldErrorCode.INVALID_DATE,
      );
    }
    const isFree = dto.isFree ?? true;
    const pricing: EventPricing = {};
    if (!isFree) {
      for (const type of TICKET_TYPES) {
        const price = dto.pricing?.[type];
        if (price) {
          pricing[type] = {
            amount: price.amount,
            currency: price.currency ?? 'usd',
            ...(price.description ? { description: price.description } : {}),
          };
        }
      }
    }
    return {
      title: dto.title,
      description: dto.description,
      category: dto.category ?? 'cultural',
      startsAt,
      time: dto.time,
      timeZone,
      venueName: dto.location.name,
      country: dto.location.country,
      address: dto.location.address || null,
      city: dto.location.city || null,
      isActive: dto.isActive ?? true,
      isFree,
      pricing,
      maxAttendees: dto.maxAttendees ?? null,
      organizerName: dto.organizer?.name || null,
    };
  }

  private async storeImages(folder: string, form: MultipartForm): Promise<EventImage[]> {
    const stored: EventImage[] = [];
    for (const file of form.files.images ?? []) {
      const image = await this.media.saveImage(folder, file);
      stored.push({ url: image.url, thumbnail: image.thumbnail, caption: '' });
    }
    return stored;
  }

  private async storeVideos(folder: string, form: MultipartForm): Promise<EventVideo[]> {
    const stored: EventVideo[] = [];
    for (const file of form.files.videos ?? []) {
      const video = await this.media.saveVideo(folder, file);
      stored.push({ url: video.url, thumbnail: null, caption: '' });
    }
    return stored;
  }

  /** Likes, dislikes and views from the engagement modules, plus the caller's own answers. */
  /** Engagement of a page of events as a guest sees it (withOwn adds the caller's own). */
  private async extrasFor(rows: EventRow[]): Promise<(id: string) => EventExtras> {
    const ids = rows.map((row) => row.id);
    const [reactions, views] = await Promise.all([
      this.reactions.counts('events', ids),
      this.views.counts('events', ids),
    ]);
    return (id) => ({ ...engagementOf(id, reactions, views), userStatus: null });
  }
}

/**
 * The zone the form's date and time are read in: the one given; else, on an edit that keeps the
 * venue's country, the event's own; else the country's only zone. A venue in a country of several
 * zones (or one not recognised) must name its zone.
 */
function venueZone(dto: EventFormDto, current?: EventRow): string {
  if (dto.timeZone) return dto.timeZone;
  const country = dto.location.country;
  if (current && current.country === country) return current.timeZone;
  const sole = soleZoneOf(country);
  if (sole) return sole;
  throw AppException.invalidField(
    'timeZone',
    zonesOf(country).length
      ? `Choose the venue's time zone: ${country} has several`
      : "Choose the venue's time zone",
    FieldErrorCode.REQUIRED,
  );
}

function hasPrice(dto: EventFormDto): boolean {
  return TICKET_TYPES.some((type) => (dto.pricing?.[type]?.amount ?? 0) > 0);
}

/** The stored media to keep: all when the form sends no list, else those it names. */
function keep<T extends { url: string }>(current: T[], urls: string[] | undefined): T[] {
  return urls === undefined ? current : current.filter((item) => urls.includes(item.url));
}

function mediaUrls(items: Array<{ url: string; thumbnail: string | null }>): string[] {
  return items.flatMap((item) => [item.url, ...(item.thumbnail ? [item.thumbnail] : [])]);
}

/** The edit changed when or where the event is: members going are told (ADR 0060). */
function movedOrRescheduled(before: EventRow, after: EventRow): boolean {
  return (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.timeZone !== after.timeZone ||
    before.venueName !== after.venueName ||
    before.city !== after.city ||
    before.country !== after.country
  );
}
