import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

export const EVENT_CATEGORIES = [
  'cultural',
  'business',
  'education',
  'social',
  'youth',
  'religious',
] as const;
export const TICKET_TYPES = ['general', 'student', 'vip'] as const;
/** What members answer; `waitlisted` is the server's answer to Going on a full event. */
export const RSVP_STATUSES = ['going', 'maybe', 'not going'] as const;
/** Every status an attendee can hold: an answer, or waitlisted. */
export const RSVP_RESULT_STATUSES = [...RSVP_STATUSES, 'waitlisted'] as const;

export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export type TicketType = (typeof TICKET_TYPES)[number];
export type RsvpAnswer = (typeof RSVP_STATUSES)[number];
export type RsvpStatus = (typeof RSVP_RESULT_STATUSES)[number];

export interface TicketPrice {
  amount: number;
  currency: string;
  description?: string;
}
export type EventPricing = Partial<Record<TicketType, TicketPrice>>;
export interface EventImage {
  url: string;
  thumbnail: string | null;
  caption: string;
}
export interface EventVideo {
  url: string;
  thumbnail: string | null;
  caption: string;
}

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull().default('cultural'),
    /**
     * The instant the event starts: its date and HH:MM time on the venue's clocks, read in
     * `time_zone` (venue-time.ts); `time` keeps the text as entered.
     */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    time: text('time').notNull(),
    /** The venue's IANA time zone (ADR 0020); UTC for rows written without one (bench seeds). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Calendar files' SEQUENCE: grows on every change of the event, so calendars take the update. */
    sequence: integer('sequence').notNull().default(0),
    venueName: text('venue_name').notNull(),
    country: text('country').notNull(),
    address: text('address'),
    city: text('city'),
    image: text('image'),
    images: jsonb('images').$type<EventImage[]>().notNull().default([]),
    videos: jsonb('videos').$type<EventVideo[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    isFree: boolean('is_free').notNull().default(true),
    pricing: jsonb('pricing').$type<EventPricing>().notNull().default({}),
    maxAttendees: integer('max_attendees'),
    organizerName: text('organizer_name'),
    /**
     * Set, with is_active false, when an admin starts cancelling the event, before its tickets are
     * refunded; never cleared. From then on it takes no answer, sale or payment and no edit reopens
     * it, so no ticket is sold past the refunds.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    /** Set when an admin cancels the event: it stays, with its records, but takes no answers. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Members going; changed only inside the RSVP transaction that holds the event row lock. */
    goingCount: integer('going_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(venue_name, '') || ' ' || coalesce(city, '')), 'C')`,
    ),
  },
  (table) => [
    index('events_search_idx').using('gin', table.search),
    index('events_starts_at_idx').on(table.startsAt, table.id),
    index('events_category_idx').on(table.category, table.startsAt),
    index('events_country_idx').on(table.country, table.startsAt),
  ],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** going | maybe | not going | waitlisted */
    status: text('status').notNull(),
    createdAt: createdAt(),
    /** When the status last changed: the waitlist is served in this order. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('event_attendees_event_status_idx').on(
      table.eventId,
      table.status,
      table.statusChangedAt,
    ),
    index('event_attendees_user_idx').on(table.userId),
  ],
);

/** A paid ticket; the payment intent id makes recording it idempotent. Kept if the event goes. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: id(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketType: text('ticket_type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /**
     * paid | refunding | refunded | disputed: only paid admits. `refunding` is a payment that could
     * seat nobody (the event full, closed or already held), its refund owed until Stripe takes it.
     */
    status: text('status').notNull().default('paid'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('event_tickets_payment_intent_key').on(table.paymentIntentId),
    index('event_tickets_event_user_idx').on(table.eventId, table.userId),
  ],
);

/** An event as the code reads it; the search vector stays in the database. */
export type EventRow = Omit<typeof events.$inferSelect, 'search'>;
export type NewEventRow = typeof events.$inferInsert;
export type AttendeeRow = typeof eventAttendees.$inferSelect;
export type TicketRow = typeof eventTickets.$inferSelect;
export type NewTicketRow = typeof eventTickets.$inferInsert;

/**
 * Issue 39: a member admitted at the door of an event. One row per (event, member): the primary
 * key is what makes two doors unable to admit one ticket twice (ADR 0057).
 */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the door admitted them: the scan's time for a check-in queued offline. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The door's name kept as it was, so "already checked in by" survives the account. */
    checkedInByName: text('checked_in_by_name').notNull(),
    /** scan | search | sync (queued offline) */
    source: text('source').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);

/** Issue 39: members an admin named as door staff of one event (check-in of that event only). */
export const eventDoorStaff = pgTable(
  'event_door_staff',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('event_door_staff_user_idx').on(table.userId),
  ],
);

export type CheckInRow = typeof eventCheckIns.$inferSelect;
