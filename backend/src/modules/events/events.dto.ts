import { IsCalendarDate } from '../../common/validation/date.decorators';
import { LoadedUpdatedAt } from '../../common/concurrency/edit-conflict';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TextBoolean } from '../../common/validation/form.decorators';
import { NestedObject } from '../../common/validation/nested.decorators';
import { OptionalNotNull } from '../../common/validation/optional.decorators';
import { Transform } from 'class-transformer';
import {
  ValidateBy,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { CursorPageQueryDto, NextCursorProperty } from '../../common/pagination/pagination';
import { engagementFields, type Engagement } from '../../common/content/engagement';
import { DislikesProperty, LikesProperty, MyReactionProperty } from '../reactions/reactions.dto';
import type { UserReaction } from '../reactions/reactions.service';
import { OptionalText, RequiredText } from '../../common/validation/text.decorators';
import {
  EVENT_CATEGORIES,
  EventImage,
  EventPricing,
  EventRow,
  EventVideo,
  RSVP_RESULT_STATUSES,
  RSVP_STATUSES,
  RsvpStatus,
  TICKET_TYPES,
  TicketType,
} from './events.schema';
import { venueDateTime } from './venue-time';
import { cityZoneOf, isTimeZone, soleZoneOf, zonesOf } from './venue-zones';

/** Form booleans arrive as text: 'true', 'on', '1' and 'yes' are true; blank is false. */
const FormBoolean = () =>
  TextBoolean({ true: ['true', 'on', '1', 'yes'], false: ['false', 'off', '0', 'no', ''] });

/** Numbers may arrive as text; blank means "not given". */
const FormNumber = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const parsed = Number(value);
    return Number.isNaN(parsed) ? value : parsed;
  });

/** The detail page's "Who's going" shows this many names, then "+N more" (spec 2). */
export const WHOS_GOING_MAX = 10;

// ---------- queries ----------

export class EventListQueryDto extends CursorPageQueryDto {
  @ApiPropertyOptional({ description: 'Only events that have not started yet, soonest first' })
  @IsOptional()
  @FormBoolean()
  @IsBoolean({ message: 'upcoming must be true or false' })
  upcoming?: boolean;

  @ApiPropertyOptional({ description: 'Full-text search over title, description and venue' })
  @OptionalText('search', 200)
  search?: string;

  @ApiPropertyOptional({ enum: EVENT_CATEGORIES, enumName: 'EventCategory' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(EVENT_CATEGORIES, { message: 'category must be one of the event categories' })
  category?: string;

  @ApiPropertyOptional()
  @OptionalText('country', 100)
  country?: string;
}

export class VenueZonesQueryDto {
  @ApiProperty({ example: 'Canada' }) @RequiredText('Country', 100) country: string;
  @ApiPropertyOptional({ example: 'Toronto' }) @OptionalText('City', 100) city?: string;
}

// ---------- the admin form (multipart text fields) ----------

export class LocationDto {
  @ApiProperty() @RequiredText('Location name', 200) name: string;
  @ApiProperty() @RequiredText('Country', 100) country: string;
  @ApiPropertyOptional() @OptionalText('Address', 300) address?: string;
  @ApiPropertyOptional() @OptionalText('City', 100) city?: string;
}

export class TicketPriceDto {
  @ApiProperty({ minimum: 0 })
  @FormNumber()
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'Prices must be numbers with at most 2 decimals' })
  @Min(0, { message: 'Prices must be at least 0' })
  @Max(100000, { message: 'Prices must be at most 100000' })
  amount: number;

  @ApiPropertyOptional({ default: 'usd' })
  @OptionalNotNull()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() || undefined : value,
  )
  @Matches(/^[a-z]{3}$/, { message: 'Currency must be a three-letter code such as usd' })
  currency?: string;

  @ApiPropertyOptional() @OptionalText('Ticket description', 300) description?: string;
}

export class PricingDto {
  @NestedObject(TicketPriceDto, { optional: true })
  general?: TicketPriceDto;

  @NestedObject(TicketPriceDto, { optional: true })
  student?: TicketPriceDto;

  @NestedObject(TicketPriceDto, { optional: true })
  vip?: TicketPriceDto;
}

export class OrganizerDto {
  @ApiPropertyOptional() @OptionalText('Organizer name', 150) name?: string;
}

/** POST/PUT /events text fields; location, pricing, organizer and the keep-lists are JSON text. */
export class EventFormDto {
  @ApiProperty() @RequiredText('Title', 200) title: string;
  @ApiProperty() @RequiredText('Description', 20000) description: string;

  @ApiProperty({ example: '2026-12-24' })
  @IsString({ message: 'Date is required' })
  @IsNotEmpty({ message: 'Date is required' })
  @IsCalendarDate({ message: 'Date must be a valid date (YYYY-MM-DD)' })
  date: string;

  @ApiProperty({ example: '18:30' })
  @IsString({ message: 'Time is required' })
  @IsNotEmpty({ message: 'Time is required' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be in HH:MM format' })
  time: string;

  @NestedObject(LocationDto, { notObject: 'Location is required', description: 'JSON text' })
  location: LocationDto;

  @ApiPropertyOptional({
    example: 'America/Toronto',
    description:
      "The venue's IANA time zone, in which date and time are read. Optional for a venue in a one-zone country (its zone); required in a country of several (Canada, the United States, Australia...)",
  })
  @OptionalText('Time zone', 64)
  @ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (value === '' || isTimeZone(value)),
      },
    },
    { message: 'Time zone must be an IANA time zone such as America/Toronto' },
  )
  timeZone?: string;

  @ApiPropertyOptional({
    enum: EVENT_CATEGORIES,
    enumName: 'EventCategory',
    default: 'cultural',
  })
  @OptionalNotNull()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(EVENT_CATEGORIES, { message: 'Category must be one of the event categories' })
  category?: string;

  @ApiPropertyOptional({ default: true })
  @OptionalNotNull()
  @FormBoolean()
  @IsBoolean({ message: 'isFree must be true or false' })
  isFree?: boolean;

  @NestedObject(PricingDto, {
    optional: true,
    notObject: 'Pricing must be an object keyed by ticket type',
    description: 'JSON text',
  })
  pricing?: PricingDto;

  @ApiPropertyOptional({ minimum: 1, description: 'Blank for no limit' })
  @IsOptional()
  @FormNumber()
  @IsInt({ message: 'Max attendees must be a whole number' })
  @Min(1, { message: 'Max attendees must be at least 1' })
  @Max(1000000, { message: 'Max attendees must be at most 1000000' })
  maxAttendees?: number;

  @NestedObject(OrganizerDto, {
    optional: true,
    notObject: 'Organizer must be an object with a name',
    description: 'JSON text, or the plain name',
  })
  organizer?: OrganizerDto;

  @ApiPropertyOptional({ default: true })
  @OptionalNotNull()
  @FormBoolean()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;

  @ApiPropertyOptional({
    type: [String],
    description: 'PUT only, JSON text: image URLs to keep (omit to keep all)',
  })
  @OptionalNotNull()
  @IsArray({ message: 'existingImages must be a list of URLs' })
  @IsString({ each: true, message: 'existingImages must be a list of URLs' })
  existingImages?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'PUT only, JSON text: video URLs to keep (omit to keep all)',
  })
  @OptionalNotNull()
  @IsArray({ message: 'existingVideos must be a list of URLs' })
  @IsString({ each: true, message: 'existingVideos must be a list of URLs' })
  existingVideos?: string[];

  /** PUT only: the event's updatedAt when the form was opened (optimistic concurrency). */
  @LoadedUpdatedAt()
  updatedAt?: string;
}

/** Multipart fields carrying JSON text (spec 7). */
export const EVENT_JSON_FIELDS = [
  'location',
  'pricing',
  'organizer',
  'existingImages',
  'existingVideos',
] as const;

export class RsvpDto {
  @ApiProperty({ enum: RSVP_STATUSES, enumName: 'RsvpAnswer' })
  @IsIn(RSVP_STATUSES, { message: 'Status must be going, maybe or not going' })
  status: string;
}

// ---------- responses ----------

export class EventLocationDto {
  @ApiProperty() name: string;
  @ApiProperty() country: string;
  @ApiPropertyOptional({ nullable: true, type: String }) address: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) city: string | null;
}

export class EventMediaDto {
  @ApiProperty() url: string;
  @ApiPropertyOptional({ nullable: true, type: String }) thumbnail: string | null;
  @ApiProperty() caption: string;
}

export class TicketPriceViewDto {
  @ApiProperty() amount: number;
  @ApiProperty() currency: string;
  @ApiPropertyOptional() description?: string;
}

export class PricingViewDto {
  @ApiPropertyOptional({ type: TicketPriceViewDto }) general?: TicketPriceViewDto;
  @ApiPropertyOptional({ type: TicketPriceViewDto }) student?: TicketPriceViewDto;
  @ApiPropertyOptional({ type: TicketPriceViewDto }) vip?: TicketPriceViewDto;
}

export class AttendeeUserDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
}

export class AttendeeDto {
  @ApiProperty({ type: AttendeeUserDto }) user: AttendeeUserDto;
  @ApiProperty({ enum: RSVP_RESULT_STATUSES, enumName: 'RsvpStatus' }) status: string;
}

/**
 * An event as its list card and the admin table show it (spec "Events list", "Admin dashboard"):
 * what the card draws, its RSVP controls and payment dialog read, and the table's columns. The
 * long text, videos, organizer and timestamps are the detail page's (EventDto), so a page of the
 * list stays small however long the descriptions are.
 */
export class EventSummaryDto {
  @ApiProperty() _id: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'When an admin cancelled it (null: not cancelled)',
  })
  cancelledAt: string | null;
  @ApiProperty() title: string;
  @ApiProperty({ enum: EVENT_CATEGORIES, enumName: 'EventCategory' }) category: string;
  @ApiProperty({
    description:
      "The venue's calendar date and time as its clocks show them, written YYYY-MM-DDTHH:MM:00.000Z (the Z is the spec's shape, not UTC): read them with timeZone; startsAt is the instant",
  })
  date: string;
  @ApiProperty({ example: '18:30', description: "HH:MM on the venue's clocks" }) time: string;
  @ApiProperty({ example: 'America/Toronto', description: "The venue's IANA time zone" })
  timeZone: string;
  @ApiProperty({
    example: '2026-12-24T23:00:00.000Z',
    description: 'The instant the event starts (UTC): date and time read in timeZone',
  })
  startsAt: string;
  @ApiProperty({ type: EventLocationDto }) location: EventLocationDto;
  @ApiPropertyOptional({ nullable: true, type: String }) image: string | null;
  @ApiProperty({ type: [EventMediaDto] }) images: EventMediaDto[];
  @ApiProperty() isActive: boolean;
  @ApiProperty() isFree: boolean;
  @ApiProperty({ type: PricingViewDto }) pricing: PricingViewDto;
  @ApiPropertyOptional({ nullable: true, type: Number }) maxAttendees: number | null;
  @ApiProperty({ description: 'Members going' }) goingCount: number;
  @ApiPropertyOptional({
    nullable: true,
    enum: RSVP_RESULT_STATUSES,
    enumName: 'RsvpStatus',
    description: "The caller's own answer",
  })
  userStatus: RsvpStatus | null;
  @LikesProperty() likes: number;
  @DislikesProperty() dislikes: number;
  @MyReactionProperty() myReaction: UserReaction | null;
  @ApiProperty() views: number;
}

/** The whole event (spec section 3), as its detail page and the admin's editor read it. */
export class EventDto extends EventSummaryDto {
  @ApiProperty() description: string;
  @ApiProperty({ type: [EventMediaDto] }) videos: EventMediaDto[];
  @ApiProperty({ type: OrganizerDto }) organizer: { name: string };
  @ApiProperty({ description: 'Members waiting for a seat' }) waitlistCount: number;
  @ApiProperty({ description: 'Active and not yet started: RSVP is open' }) isUpcoming: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({
    type: [AttendeeDto],
    maxItems: WHOS_GOING_MAX,
    description: `Who's going: the first ${WHOS_GOING_MAX} members going, in answer order (goingCount has them all)`,
  })
  attendees: AttendeeDto[];
}

export class EventListDto {
  @ApiProperty({ type: [EventSummaryDto] }) events: EventSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @NextCursorProperty() nextCursor: string | null;
}

/** The admin form's time-zone choice for a venue. */
export class VenueZonesDto {
  @ApiProperty({
    type: [String],
    example: ['America/Toronto', 'America/Vancouver'],
    description: "The country's IANA zones, sorted (empty for a country not recognised)",
  })
  zones: string[];
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'America/Toronto',
    description: "The zone to preselect: the country's only one, or the city's where known",
  })
  suggested: string | null;
  @ApiProperty({
    description: 'Whether the form must send a zone (a country of several, or unknown)',
  })
  required: boolean;
}

export function venueZonesOf(country: string, city?: string): VenueZonesDto {
  const sole = soleZoneOf(country);
  return {
    zones: zonesOf(country),
    suggested: sole ?? cityZoneOf(country, city) ?? null,
    required: !sole,
  };
}

export class RsvpResultDto {
  @ApiProperty({ enum: RSVP_RESULT_STATUSES, enumName: 'RsvpStatus' }) status: string;
  @ApiProperty() goingCount: number;
  @ApiProperty() msg: string;
}

export class DeletedDto {
  @ApiProperty() msg: string;
}

/** What the mapper needs beyond the row: engagement and the caller's answer. */
export interface EventExtras extends Engagement {
  userStatus: RsvpStatus | null;
}

const toMedia = (item: EventImage | EventVideo): EventMediaDto => ({
  url: item.url,
  thumbnail: item.thumbnail ?? null,
  caption: item.caption ?? '',
});

/** Prices in display units, each with its currency (usd unless set). */
export function toPricingView(pricing: EventPricing): PricingViewDto {
  const view: PricingViewDto = {};
  for (const type of TICKET_TYPES as readonly TicketType[]) {
    const price = pricing[type];
    if (price) view[type] = { ...price };
  }
  return view;
}

export function toEventSummaryDto(row: EventRow, extras: EventExtras): EventSummaryDto {
  return {
    _id: row.id,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    title: row.title,
    category: row.category,
    date: venueDateTime(row.startsAt, row.timeZone, row.time),
    time: row.time,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    location: {
      name: row.venueName,
      country: row.country,
      address: row.address,
      city: row.city,
    },
    image: row.image,
    images: row.images.map(toMedia),
    isActive: row.isActive,
    isFree: row.isFree,
    pricing: toPricingView(row.pricing),
    maxAttendees: row.maxAttendees,
    goingCount: row.goingCount,
    userStatus: extras.userStatus,
    ...engagementFields(extras),
  };
}

/** The whole event with the first members going (`attendees`). */
export function toEventDto(
  row: EventRow & { waitlistCount: number },
  extras: EventExtras,
  attendees: AttendeeDto[],
  now = new Date(),
): EventDto {
  return {
    ...toEventSummaryDto(row, extras),
    description: row.description,
    videos: row.videos.map(toMedia),
    organizer: { name: row.organizerName ?? '' },
    waitlistCount: row.waitlistCount,
    isUpcoming: row.isActive && row.startsAt.getTime() >= now.getTime(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attendees,
  };
}
