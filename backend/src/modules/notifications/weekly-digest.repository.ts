import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { directoryListings } from '../directory/directory.schema';
import { events } from '../events/events.schema';
import { news } from '../news/news.schema';
import { users } from '../users/users.schema';
import { weeklyDigests } from './notifications.schema';

/** The local hour of Monday from which a member's weekly digest is due (ADR 0072). */
export const WEEKLY_DIGEST_HOUR = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Events up to this far ahead are "upcoming"; articles and listings this recent are "new". */
const AHEAD_MS = 30 * DAY_MS;
const RECENT_MS = 7 * DAY_MS;
const SECTION_LIMIT = 10;

/** A member whose weekly digest is due, and the local week (its Monday) it is for. */
export interface DueMember {
  userId: string;
  week: string;
}

/** The only SQL of the weekly digest: who is due, claiming a week, and what is new. */
@Injectable()
export class WeeklyDigestRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: weeklyDigests.enabled })
      .from(weeklyDigests)
      .where(eq(weeklyDigests.userId, userId));
    return row?.enabled ?? false;
  }

  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await this.db
      .insert(weeklyDigests)
      .values({ userId, enabled })
      .onConflictDoUpdate({ target: weeklyDigests.userId, set: { enabled } });
  }

  /**
   * Members opted in whose local time (their profile's zone, UTC without one) is Monday from the
   * digest hour on and whose week was not sent yet: a missed tick is caught up later that day.
   */
  async due(now: Date, limit: number): Promise<DueMember[]> {
    const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${users.timeZone}, 'UTC'))`;
    const week = sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    return this.db
      .select({ userId: weeklyDigests.userId, week })
      .from(weeklyDigests)
      .innerJoin(users, eq(users.id, weeklyDigests.userId))
      .where(
        and(
          eq(weeklyDigests.enabled, true),
          isNull(users.blockedAt),
          sql`extract(isodow from ${local}) = 1`,
          sql`extract(hour from ${local}) >= ${WEEKLY_DIGEST_HOUR}`,
          sql`(${weeklyDigests.lastWeek} is null or ${weeklyDigests.lastWeek} < date_trunc('week', ${local})::date)`,
        ),
      )
      .limit(limit);
  }

  /** Marks the week sent; false when it already was (another worker, a retried job). */
  async claim(userId: string, week: string): Promise<boolean> {
    const rows = await this.db
      .update(weeklyDigests)
      .set({ lastWeek: week })
      .where(
        and(
          eq(weeklyDigests.userId, userId),
          eq(weeklyDigests.enabled, true),
          sql`(${weeklyDigests.lastWeek} is null or ${weeklyDigests.lastWeek} < ${week}::date)`,
        ),
      )
      .returning({ userId: weeklyDigests.userId });
    return rows.length > 0;
  }

  /** Open events in `country` starting within the next 30 days, soonest first. */
  upcomingEvents(country: string, now: Date) {
    return this.db
      .select({
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        timeZone: events.timeZone,
        venueName: events.venueName,
        city: events.city,
        country: events.country,
      })
      .from(events)
      .where(
        and(
          eq(events.country, country),
          eq(events.isActive, true),
          isNull(events.cancelledAt),
          isNull(events.cancelRequestedAt),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + AHEAD_MS)),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(SECTION_LIMIT);
  }

  /** Articles published in the last seven days, newest first. */
  newArticles(now: Date) {
    return this.db
      .select({ id: news.id, title: news.title })
      .from(news)
      .where(
        and(
          eq(news.published, true),
          gt(news.publishedAt, new Date(now.getTime() - RECENT_MS)),
          lte(news.publishedAt, now),
        ),
      )
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(SECTION_LIMIT);
  }

  /** Approved listings added in the last seven days, newest first. */
  newListings(now: Date) {
    return this.db
      .select({ id: directoryListings.id, name: directoryListings.name })
      .from(directoryListings)
      .where(
        and(
          eq(directoryListings.status, 'approved'),
          gt(directoryListings.createdAt, new Date(now.getTime() - RECENT_MS)),
          lte(directoryListings.createdAt, now),
        ),
      )
      .orderBy(desc(directoryListings.createdAt), desc(directoryListings.id))
      .limit(SECTION_LIMIT);
  }
}
