import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, ilike, lt, or, sql, SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { PageWindow } from '../../common/pagination/pagination';
import { EnrollmentRow, enrollments, EnrollmentStatus, NewEnrollmentRow } from './tutorials.schema';

export interface EnrollmentFilters {
  status?: EnrollmentStatus;
  course?: string;
  /** Part of the student's name or email, any case. */
  search?: string;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text, not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** PostgreSQL's unique_violation, as drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown }; code?: unknown }) ?? {};
  return cause.cause?.code === '23505' || cause.code === '23505';
}

@Injectable()
export class EnrollmentsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(filters: EnrollmentFilters, window: PageWindow) {
    const conditions: SQL[] = [];
    if (filters.status) conditions.push(eq(enrollments.status, filters.status));
    if (filters.course) conditions.push(eq(enrollments.courseId, filters.course));
    if (filters.search) {
      const pattern = likePattern(filters.search);
      const match = or(ilike(enrollments.fullName, pattern), ilike(enrollments.email, pattern));
      if (match) conditions.push(match);
    }
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(enrollments)
        .where(where)
        .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(enrollments).where(where),
    ]);
    return { rows, total };
  }

  byUser(userId: string): Promise<EnrollmentRow[]> {
    return this.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, userId))
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  }

  async findById(id: string): Promise<EnrollmentRow | undefined> {
    const [row] = await this.db.select().from(enrollments).where(eq(enrollments.id, id));
    return row;
  }

  /** The row, locked until the caller's transaction ends: decisions on it take turns. */
  async lockById(id: string): Promise<EnrollmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, id))
      .for('update');
    return row;
  }

  /** Inserts unless the member already has an open enrollment in the course (`undefined`). */
  async create(values: NewEnrollmentRow): Promise<EnrollmentRow | undefined> {
    const [row] = await this.db
      .insert(enrollments)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async update(id: string, values: Partial<NewEnrollmentRow>): Promise<EnrollmentRow | undefined> {
    const [row] = await this.db
      .update(enrollments)
      .set(values)
      .where(eq(enrollments.id, id))
      .returning();
    return row;
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(enrollments);
    return total;
  }

  /** Enrollments submitted per UTC day in [from, to) (the admin dashboard's chart). */
  async countByDay(from: Date, to: Date): Promise<{ day: string; count: number }[]> {
    const day = sql<string>`to_char(${enrollments.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    return this.db
      .select({ day, count: count() })
      .from(enrollments)
      .where(and(gte(enrollments.createdAt, from), lt(enrollments.createdAt, to)))
      .groupBy(day);
  }

  /** A member's enrollments, oldest first (their data export). */
  async ofUser(userId: string): Promise<EnrollmentRow[]> {
    return this.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.userId, userId))
      .orderBy(enrollments.createdAt);
  }

  async deleteOfUser(userId: string): Promise<void> {
    await this.db.delete(enrollments).where(eq(enrollments.userId, userId));
  }
}
