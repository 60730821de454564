import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, max, ne, SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, unchangedSince } from '../../db/edit-version';
import {
  CourseRow,
  courses,
  enrollments,
  EnrollmentStatus,
  NewCourseRow,
} from './tutorials.schema';

/** A course with its number of enrollments that were not turned down. */
export type CourseWithCount = CourseRow & { enrollmentCount: number };

@Injectable()
export class CoursesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(includeHidden: boolean): Promise<CourseWithCount[]> {
    const where: SQL | undefined = includeHidden ? undefined : eq(courses.isActive, true);
    const rows = await this.db
      .select()
      .from(courses)
      .where(where)
      .orderBy(asc(courses.sortOrder), asc(courses.id));
    const counts = await this.enrollmentCounts(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, enrollmentCount: counts.get(row.id) ?? 0 }));
  }

  /** When an offered course last changed (the tutorials page's date in the sitemap). */
  async lastChanged(): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ updatedAt: max(courses.updatedAt) })
      .from(courses)
      .where(eq(courses.isActive, true));
    return row?.updatedAt ?? undefined;
  }

  async findById(id: string): Promise<CourseWithCount | undefined> {
    const [row] = await this.db.select().from(courses).where(eq(courses.id, id));
    if (!row) return undefined;
    const counts = await this.enrollmentCounts([id]);
    return { ...row, enrollmentCount: counts.get(id) ?? 0 };
  }

  /** Inserts unless the id is taken; `undefined` means it was. */
  async create(values: NewCourseRow): Promise<CourseRow | undefined> {
    const [row] = await this.db.insert(courses).values(values).onConflictDoNothing().returning();
    return row;
  }

  /**
   * The editor's save: with `loadedAt` (the updatedAt the editor was opened with), applied only
   * when the course has not changed since, in the one statement. Each save gets a new updatedAt.
   */
  async edit(
    id: string,
    values: Partial<NewCourseRow>,
    loadedAt: Date | undefined,
  ): Promise<CourseRow | undefined> {
    const [row] = await this.db
      .update(courses)
      .set({ ...values, updatedAt: nextUpdatedAt(courses.updatedAt) })
      .where(and(eq(courses.id, id), unchangedSince(courses.updatedAt, loadedAt)))
      .returning();
    return row;
  }

  async delete(id: string): Promise<CourseRow | undefined> {
    const [row] = await this.db.delete(courses).where(eq(courses.id, id)).returning();
    return row;
  }

  async hasEnrollments(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.courseId, id))
      .limit(1);
    return row !== undefined;
  }

  private async enrollmentCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ courseId: enrollments.courseId, total: count() })
      .from(enrollments)
      .where(
        and(inArray(enrollments.courseId, ids), ne(enrollments.status, EnrollmentStatus.rejected)),
      )
      .groupBy(enrollments.courseId);
    return new Map(rows.map((row) => [row.courseId, row.total]));
  }
}
