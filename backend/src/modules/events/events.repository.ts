import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, gte, lt, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { matchesSearch } from '../../common/search/full-text';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, unchangedSince } from '../../db/edit-version';
import { Keyset, PageWindow } from '../../common/pagination/pagination';
import { AttendeeRow, eventAttendees, EventRow, events, NewEventRow } from './events.schema';
import { isCancelled } from './events.rules';
import { RsvpsRepository } from './rsvps.repository';
import { TicketsRepository } from './tickets.repository';

/** An event as its detail reads it: with its waitlist length (lists do not carry it). */
export type ListedEvent = EventRow & { waitlistCount: number };

export interface EventFilters {
  upcoming?: boolean;
  search?: string;
  category?: string;
  country?: string;
}

/** Every column but the search vector, which only the database needs. */
const { search: _search, ...eventColumns } = getTableColumns(events);

/** The detail also reads the waitlist length, in the same query. */
const detailColumns = {
  ...eventColumns,
  waitlistCount:
    sql<number>`(select count(*) from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.status} = 'waitlisted')`.mapWith(
      Number,
    ),
};

/**
 * Events themselves: the list, the detail, the editor's writes and the cancellation's steps. Seats
 * (answers, the waitlist) are the RSVP repository's and tickets the tickets repository's; an edit
 * or a deletion passes them its transaction, so each stays one under the event's row lock.
 */
@Injectable()
export class EventsRepository {
  constructor(
    @InjectDb() private readonly db: Database,
    private readonly rsvps: RsvpsRepository,
    private readonly tickets: TicketsRepository,
  ) {}

  /**
   * One page of events: upcoming ones first, soonest first, then (unless `upcoming`) past ones,
   * most recent first; after `window.after` (keyset, the same cost at any depth) or at
   * `window.offset`. Each part is read on the start index in its own direction. Reads one row more
   * than the page so the caller knows whether one follows.
   */
  async list(
    filters: EventFilters,
    window: PageWindow & { after?: Keyset },
    now: Date,
  ): Promise<EventRow[]> {
    const base = this.conditions({ ...filters, upcoming: false }, now);
    const want = window.limit + 1;
    const upcoming = (after: Keyset | undefined, offset: number) =>
      this.part(base, 'upcoming', now, { after, offset, limit: want });
    if (filters.upcoming) return upcoming(window.after, window.offset);
    const past = (after: Keyset | undefined, offset: number, limit: number) =>
      this.part(base, 'past', now, { after, offset, limit });
    let head: EventRow[] = [];
    let pastOffset = 0;
    if (window.after) {
      if (window.after.at.getTime() < now.getTime()) return past(window.after, 0, want);
      head = await upcoming(window.after, 0);
    } else {
      const ahead = window.offset > 0 ? await this.count({ ...filters, upcoming: true }, now) : 0;
      if (window.offset >= ahead && window.offset > 0) pastOffset = window.offset - ahead;
      else head = await upcoming(undefined, window.offset);
    }
    if (head.length >= want) return head;
    return [...head, ...(await past(undefined, pastOffset, want - head.length))];
  }

  /** Upcoming (soonest first) or past (most recent first) events of a filter. */
  private async part(
    base: SQL[],
    part: 'upcoming' | 'past',
    now: Date,
    window: { after?: Keyset; offset: number; limit: number },
  ): Promise<EventRow[]> {
    const ascending = part === 'upcoming';
    const conditions = [...base, ascending ? gte(events.startsAt, now) : lt(events.startsAt, now)];
    if (window.after) {
      const { at, id } = window.after;
      conditions.push(
        ascending
          ? sql`(${events.startsAt}, ${events.id}) > (${at.toISOString()}::timestamptz, ${id}::uuid)`
          : sql`(${events.startsAt}, ${events.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
      );
    }
    const order = ascending
      ? [asc(events.startsAt), asc(events.id)]
      : [desc(events.startsAt), desc(events.id)];
    const where = and(...conditions);
    if (window.after || window.offset === 0) {
      return this.db
        .select(eventColumns)
        .from(events)
        .where(where)
        .orderBy(...order)
        .limit(window.limit);
    }
    // A deep numbered page: the rows to skip are walked on the ordered index alone (ids only),
    // and the whole row is read for the page's rows only.
    const page = this.db
      .select({ pageId: events.id })
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return this.db
      .select(eventColumns)
      .from(events)
      .innerJoin(page, eq(events.id, page.pageId))
      .orderBy(...order);
  }

  /** How many events match the filters (the list's total). */
  async count(filters: EventFilters, now: Date): Promise<number> {
    const conditions = this.conditions(filters, now);
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(events)
      .where(conditions.length ? and(...conditions) : undefined);
    return total;
  }

  private conditions(filters: EventFilters, now: Date): SQL[] {
    const conditions: SQL[] = [];
    if (filters.upcoming) conditions.push(gte(events.startsAt, now));
    if (filters.category) conditions.push(eq(events.category, filters.category));
    if (filters.country) conditions.push(eq(events.country, filters.country));
    const search = matchesSearch(events.search, filters.search);
    if (search) conditions.push(search);
    return conditions;
  }

  async findById(id: string): Promise<ListedEvent | undefined> {
    const [row] = await this.db.select(detailColumns).from(events).where(eq(events.id, id));
    return row;
  }

  /** Every event's id and last change, the most recently changed first (the sitemap). */
  async recentlyChanged(limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .orderBy(desc(events.updatedAt), asc(events.id))
      .limit(limit);
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: events.id }).from(events).where(eq(events.id, id));
    return row !== undefined;
  }

  /** Active events that have not started yet (the home page's figure). */
  async countUpcoming(now: Date): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(events)
      .where(and(eq(events.isActive, true), gte(events.startsAt, now)));
    return total;
  }

  async countAll(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(events);
    return total;
  }

  async create(values: NewEventRow): Promise<EventRow> {
    const [row] = await this.db.insert(events).values(values).returning();
    return row;
  }

  /**
   * Updates and, when the new capacity allows, seats waitlisted members, in one transaction. An
   * event cancelled or being cancelled (read under the row lock) is never made active again:
   * `reopen` and nothing changed, so a form loaded before the cancellation cannot resume sales.
   * With `loadedAt` (the updatedAt the form was opened with), an event edited since is `conflict`
   * and nothing changed: checked under the same lock, so no edit slips in between.
   */
  async update(
    id: string,
    values: Partial<NewEventRow>,
    loadedAt?: Date,
  ): Promise<{ event: EventRow; promoted: string[] } | 'reopen' | 'conflict' | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          event: events,
          unchanged: unchangedSince(events.updatedAt, loadedAt) ?? sql<boolean>`true`,
        })
        .from(events)
        .where(eq(events.id, id))
        .for('update');
      if (!row) return undefined;
      if (!row.unchanged) return 'conflict';
      if (isCancelled(row.event) && values.isActive) return 'reopen';
      const [updated] = await tx
        .update(events)
        .set({
          ...values,
          updatedAt: nextUpdatedAt(events.updatedAt),
          sequence: sql`${events.sequence} + 1`,
        })
        .where(eq(events.id, id))
        .returning();
      const { event, promoted } = await this.rsvps.promoteWaitlisted(tx, updated);
      return { event, promoted };
    });
  }

  /**
   * Deletes the event unless a ticket of it is paid or refunding (a refund still owed): checked
   * and deleted under the event's row lock, which recording a ticket takes too, so no payment is
   * recorded between the check and the delete (its ticket would lose its event, unrefunded).
   */
  async deleteUnlessOwed(id: string): Promise<'deleted' | 'owed' | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: events.id })
        .from(events)
        .where(eq(events.id, id))
        .for('update');
      if (!locked) return undefined;
      if (await this.tickets.isOwed(tx, id)) return 'owed';
      await tx.delete(events).where(eq(events.id, id));
      return 'deleted';
    });
  }

  /**
   * The first step of a cancellation: the event stops taking answers, selling tickets, recording
   * payments and seating from its waitlist (inactive, and marked as being cancelled, which no edit
   * clears) before its tickets are refunded. Under the row lock recording a ticket takes, so every
   * ticket recorded before is listed for refund and every one after is refused.
   */
  async close(id: string): Promise<void> {
    await this.db
      .update(events)
      .set({
        isActive: false,
        cancelRequestedAt: sql`coalesce(${events.cancelRequestedAt}, now())`,
        sequence: sql`${events.sequence} + 1`,
      })
      .where(eq(events.id, id));
  }

  /**
   * Marks the event cancelled (and inactive). `members` (going or waiting, for the email) only for
   * the call that cancelled it: a repeated or concurrent cancellation gets `already` and no list.
   */
  async cancel(
    id: string,
  ): Promise<
    { event: EventRow; members: AttendeeRow[] } | { event: EventRow; already: true } | undefined
  > {
    const [event] = await this.db
      .update(events)
      .set({ cancelledAt: sql`now()`, isActive: false, sequence: sql`${events.sequence} + 1` })
      .where(and(eq(events.id, id), sql`${events.cancelledAt} is null`))
      .returning();
    if (!event) {
      const [existing] = await this.db.select().from(events).where(eq(events.id, id));
      return existing ? { event: existing, already: true } : undefined;
    }
    return { event, members: await this.rsvps.goingOrWaiting(id) };
  }
}
