import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { ContentRegistry } from '../../common/content/content-registry';
import { AppException } from '../../common/errors/app-exception';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import { MailService } from '../mail/mail.service';
import { parseFormFields } from '../media/media.form';
import { FileFieldRule, MultipartForm } from '../media/media.multipart';
import { MediaService } from '../media/media.service';
import { ReactionsService } from '../reactions/reactions.service';
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
  RsvpDto,
  RsvpResultDto,
  toEventSummaryDto,
} from './events.dto';
import { toIcs } from './events.ics';
import { EventsRepository, ListedEvent, RsvpState } from './events.repository';
import {
  EventImage,
  EventPricing,
  EventRow,
  EventVideo,
  NewEventRow,
  RsvpAnswer,
  RsvpStatus,
  TICKET_TYPES,
  TicketRow,
  TicketType,
} from './events.schema';
import { EventsErrorCode } from './events.errors';
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

const RSVP_MESSAGES: Record<RsvpStatus, string> = {
  going: 'You are going',
  maybe: 'You answered maybe',
  'not going': 'You are not going',
  waitlisted:
    'This event is full. You are on the waiting list and will be emailed if a seat frees up.',
};

/** A paid ticket as payments hand it over after Stripe confirmed the charge. */
export interface PaidTicket {
  eventId: string;
  userId: string;
  ticketType: TicketType;
  amountCents: number;
  currency: string;
  paymentIntentId: string;
}

export type PaidTicketResult =
  { outcome: 'recorded' | 'duplicate' | 'full'; ticket: TicketRow } | { outcome: 'gone' };

/** Events: listing, the admin editor, RSVPs with capacity and waitlist, tickets, calendar files. */
@Injectable()
export class EventsService implements OnModuleInit {
  private readonly logger = new Logger('EventsService');

  constructor(
    private readonly events: EventsRepository,
    private readonly media: MediaService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly reactions: ReactionsService,
    private readonly views: ViewsService,
    private readonly content: ContentRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
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

  async list(query: EventListQueryDto, caller?: AuthUser): Promise<EventListDto> {
    const window = pageWindow(query, EVENT_LIST_PAGE_SIZE);
    const { rows, total } = await this.events.list(
      {
        upcoming: query.upcoming,
        search: query.search || undefined,
        category: query.category,
        country: query.country || undefined,
      },
      window,
      new Date(),
    );
    const extras = await this.extrasFor(rows, caller);
    const items = rows.map((row) => toEventSummaryDto(row, extras(row.id)));
    return paginated('events', items, total, window);
  }

  async get(id: string, caller?: AuthUser): Promise<EventDto> {
    const row = await this.requireEvent(id);
    const [extras, attendees] = await Promise.all([
      this.extrasFor([row], caller),
      this.events.attendees(id),
    ]);
    // Answers of deleted accounts are removed with them (cascade), so every attendee has a name.
    const names = await this.users.namesByIds(attendees.map((a) => a.userId));
    return {
      ...toEventSummaryDto(row, extras(id)),
      attendees: attendees.flatMap((a) => {
        const name = names.get(a.userId);
        return name ? [{ user: { _id: a.userId, name }, status: a.status }] : [];
      }),
    };
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
    return this.get(id, caller);
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
    let promoted: string[] = [];
    let updated: EventRow;
    try {
      const images = [...keptImages, ...(await this.storeImages(folder, form))];
      const videos = [...keptVideos, ...(await this.storeVideos(folder, form))];
      added.push(...mediaUrls(images.slice(keptImages.length)));
      added.push(...mediaUrls(videos.slice(keptVideos.length)));
      const result = await this.events.update(id, {
        ...this.toValues(dto),
        images,
        videos,
        image: images[0]?.url ?? null,
      });
      if (!result) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
      ({ event: updated, promoted } = result);
    } catch (error) {
      await this.media.removeUrls(added).catch(() => undefined);
      throw error;
    }
    const dropped = [
      ...mediaUrls(current.images.filter((image) => !keptImages.includes(image))),
      ...mediaUrls(current.videos.filter((video) => !keptVideos.includes(video))),
    ];
    await this.media.removeUrls(dropped).catch(() => undefined);
    await this.reminders.moved(id, current.startsAt, updated.startsAt); // issue 17: reminders follow the time
    await this.notifyPromoted(updated, promoted);
    return this.get(id, caller);
  }

  async remove(id: string): Promise<{ msg: string }> {
    const current = await this.events.findById(id);
    if (!current) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
    if (!current.cancelledAt && (await this.events.paidTickets(id)).length > 0) {
      throw AppException.conflict(
        'This event has paid tickets: cancel it first, which refunds them and tells the members',
        EventsErrorCode.EVENT_HAS_PAID_TICKETS,
      );
    }
    const row = await this.events.delete(id);
    if (!row) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
    await Promise.all([
      this.media.removeFolder(`events/${id}`),
      this.content.removed('events', id),
    ]);
    return { msg: 'Event deleted' };
  }

  async rsvp(id: string, caller: AuthUser, dto: RsvpDto): Promise<RsvpResultDto> {
    const answer = dto.status as RsvpAnswer;
    const now = new Date();
    // The answer and its emails (outbox rows) commit together.
    const change = await this.transactions.run(async () => {
      const change = await this.events.changeRsvp(id, caller.id, (state) =>
        decideRsvp(state, answer, now),
      );
      if (!change) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
      if (change.status !== change.previous) {
        await this.mail.send('rsvpConfirmation', caller.email, {
          name: caller.name,
          eventTitle: change.event.title,
          status: change.status,
          when: formatWhen(change.event),
          venue: venueOf(change.event),
          eventUrl: this.eventUrl(change.event.id),
        });
      }
      await this.notifyPromoted(change.event, change.promoted);
      this.reminders.answered(id, caller.id, change.event.startsAt, change); // issue 17
      return change;
    });
    return {
      status: change.status,
      goingCount: change.event.goingCount,
      msg: RSVP_MESSAGES[change.status],
    };
  }

  async ics(id: string): Promise<{ filename: string; body: string }> {
    const row = await this.requireEvent(id);
    const slug = row.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return { filename: `${slug || 'event'}.ics`, body: toIcs(row, this.eventUrl(id)) };
  }

  /** For payments: the event's prices (display units) and whether it is paid. */
  async pricing(id: string): Promise<{ event: EventRow; pricing: EventPricing }> {
    const event = await this.requireEvent(id);
    return { event, pricing: event.pricing };
  }

  /**
   * For payments, before charging: the price of a ticket type on an event that can still be
   * attended and has a seat. Amounts come from the stored pricing only.
   */
  async priceForTicket(
    eventId: string,
    ticketType: TicketType,
  ): Promise<{ event: EventRow; amountCents: number; currency: string }> {
    const event = await this.requireEvent(eventId);
    assertOpen(event, new Date());
    if (event.isFree) {
      throw AppException.conflict(
        'This event is free: no ticket is needed',
        EventsErrorCode.EVENT_IS_FREE,
      );
    }
    const price = event.pricing[ticketType];
    if (!price) {
      throw AppException.invalidField(
        'ticketType',
        'Pricing information is not available for this ticket type.',
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    const amountCents = Math.round(price.amount * 100);
    if (amountCents <= 0) {
      throw AppException.invalidField(
        'ticketType',
        'This ticket type has no price to pay',
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    if (event.maxAttendees !== null && event.goingCount >= event.maxAttendees) {
      throw AppException.conflict(
        'This event is full: no tickets are left',
        EventsErrorCode.EVENT_FULL,
      );
    }
    return { event, amountCents, currency: price.currency || 'usd' };
  }

  /** For payments: records a confirmed payment as a ticket and a Going answer, exactly once. */
  async recordPaidTicket(ticket: PaidTicket): Promise<PaidTicketResult> {
    const outcome = await this.events.recordTicket({ ...ticket, status: 'paid' });
    if (outcome.kind === 'no-event') return { outcome: 'gone' };
    if (outcome.kind === 'duplicate') return { outcome: 'duplicate', ticket: outcome.ticket };
    if (outcome.kind === 'full') return { outcome: 'full', ticket: outcome.ticket };
    this.reminders.schedule(outcome.event.id, ticket.userId, outcome.event.startsAt); // issue 17
    const user = await this.users.findById(ticket.userId);
    if (user) {
      await this.sendSafely(() =>
        this.mail.send('ticketReceipt', user.email, {
          name: user.name,
          eventTitle: outcome.event.title,
          ticketType: ticket.ticketType,
          amount: formatMoney(ticket.amountCents, ticket.currency),
          when: formatWhen(outcome.event),
          eventUrl: this.eventUrl(outcome.event.id),
        }),
      );
    }
    return { outcome: 'recorded', ticket: outcome.ticket };
  }

  /** For payments: the caller's own tickets and their states. */
  ticketsOf(userId: string) {
    return this.events.ticketsOf(userId);
  }

  /** For payments: the tickets an event cancellation must refund. */
  paidTickets(eventId: string): Promise<TicketRow[]> {
    return this.events.paidTickets(eventId);
  }

  /**
   * For payments, after it refunded the paid tickets: marks the event cancelled (kept with its
   * records) and emails every member who was going or waiting, and every refunded ticket holder.
   */
  async markCancelled(id: string, refundedUserIds: Set<string>): Promise<EventRow> {
    const result = await this.events.cancel(id);
    if (!result) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
    // Ticket holders were going until their refund; they are told alongside those still listed.
    const userIds = new Set([...result.members.map((member) => member.userId), ...refundedUserIds]);
    this.reminders.cancelled(id, result.event.startsAt, [...userIds]); // issue 17
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      if (!user) continue;
      await this.sendSafely(() =>
        this.mail.send('eventCancelled', user.email, {
          name: user.name,
          eventTitle: result.event.title,
          when: formatWhen(result.event),
          refunded: refundedUserIds.has(user.id),
        }),
      );
    }
    return result.event;
  }

  /** For payments: a refund or dispute made in Stripe; the ticket no longer admits. */
  async revokeTicket(paymentIntentId: string, status: 'refunded' | 'disputed'): Promise<boolean> {
    const result = await this.events.revokeTicket(paymentIntentId, status);
    if (result?.event) await this.notifyPromoted(result.event, result.promoted);
    return result !== undefined;
  }

  markTicketRefunded(ticketId: string): Promise<void> {
    return this.events.setTicketStatus(ticketId, 'refunded');
  }

  private async requireEvent(id: string): Promise<ListedEvent> {
    const row = await this.events.findById(id);
    if (!row) throw AppException.notFound('Event not found', EventsErrorCode.EVENT_NOT_FOUND);
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

  private toValues(dto: EventFormDto): Omit<NewEventRow, 'images' | 'videos' | 'image'> {
    const startsAt = new Date(`${dto.date.slice(0, 10)}T${dto.time}:00Z`);
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
  private async extrasFor(
    rows: ListedEvent[],
    caller?: AuthUser,
  ): Promise<(id: string) => EventExtras> {
    const ids = rows.map((row) => row.id);
    const [reactions, views, statuses] = await Promise.all([
      this.reactions.summaries('events', ids),
      this.views.counts('events', ids),
      caller
        ? this.events.statusesOf(caller.id, ids)
        : Promise.resolve(new Map<string, RsvpStatus>()),
    ]);
    return (id) => ({
      likes: reactions.get(id)?.likes ?? [],
      dislikes: reactions.get(id)?.dislikes ?? [],
      views: views.get(id) ?? 0,
      userStatus: statuses.get(id) ?? null,
    });
  }

  /** Issue 17: the account deletion frees seats through the same path. */
  notifyPromotedMembers(event: EventRow, userIds: string[]): Promise<void> {
    return this.notifyPromoted(event, userIds);
  }

  private async notifyPromoted(event: EventRow, userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      this.reminders.schedule(event.id, userId, event.startsAt); // issue 17
      const user = await this.users.findById(userId);
      if (!user) continue;
      await this.sendSafely(() =>
        this.mail.send('waitlistPromotion', user.email, {
          name: user.name,
          eventTitle: event.title,
          when: formatWhen(event),
          venue: venueOf(event),
          eventUrl: this.eventUrl(event.id),
        }),
      );
    }
  }

  /** The answer is already saved; a mail outage must not turn it into an error. */
  private async sendSafely(send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (error) {
      // Inside a transaction the failed statement aborted it: the whole change must fail.
      if (Transactions.active()) throw error;
      this.logger.warn(`could not queue an event email: ${String(error)}`);
    }
  }

  private eventUrl(id: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/events/${id}`;
  }
}

/** The RSVP rules, applied under the event's row lock. */
export function decideRsvp(state: RsvpState, answer: RsvpAnswer, now: Date): RsvpStatus {
  assertOpen(state.event, now);
  if (answer !== 'going') return answer;
  const current = state.current?.status;
  if (current === 'going') return 'going';
  if (!state.event.isFree && !state.hasTicket) {
    throw new AppException(
      402,
      'This is a paid event: please buy a ticket to attend',
      EventsErrorCode.TICKET_REQUIRED,
    );
  }
  const { maxAttendees, goingCount } = state.event;
  if (maxAttendees !== null && goingCount >= maxAttendees) return 'waitlisted';
  return 'going';
}

function assertOpen(event: EventRow, now: Date): void {
  if (event.cancelledAt) {
    throw AppException.conflict('This event has been cancelled', EventsErrorCode.EVENT_CANCELLED);
  }
  if (!event.isActive) {
    throw AppException.conflict('This event is no longer active', EventsErrorCode.EVENT_INACTIVE);
  }
  if (event.startsAt.getTime() < now.getTime()) {
    throw AppException.conflict('This event has ended', EventsErrorCode.EVENT_ENDED);
  }
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

export function venueOf(event: EventRow): string {
  return [event.venueName, event.city, event.country].filter(Boolean).join(', ');
}

/** Dates in en-US (spec 9), in UTC as stored. */
export function formatWhen(event: EventRow): string {
  return `${event.startsAt.toLocaleString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })} (UTC)`;
}

function formatMoney(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
}
