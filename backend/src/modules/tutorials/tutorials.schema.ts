import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

/** Spec section 4: an admin may set any of these; the quick buttons set approved or rejected. */
export enum EnrollmentStatus {
  pending = 'pending',
  approved = 'approved',
  rejected = 'rejected',
  enrolled = 'enrolled',
  completed = 'completed',
}
export const ENROLLMENT_STATUSES = Object.values(EnrollmentStatus);
/** Statuses of an enrollment still in progress: a member holds at most one per course. */
export const OPEN_ENROLLMENT_STATUSES = [
  EnrollmentStatus.pending,
  EnrollmentStatus.approved,
  EnrollmentStatus.enrolled,
] as const;

/** A course, with its English and Amharic texts; the id is a readable slug (math-grade-5-12). */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameAmharic: text('name_amharic').notNull(),
    description: text('description').notNull(),
    descriptionAmharic: text('description_amharic').notNull(),
    duration: text('duration').notNull(),
    durationAmharic: text('duration_amharic').notNull(),
    level: text('level').notNull(),
    levelAmharic: text('level_amharic').notNull(),
    /** Shown as written ("$80/month"); payment details follow the admin's confirmation. */
    price: text('price').notNull(),
    priceAmharic: text('price_amharic').notNull(),
    subjects: text('subjects').array().notNull().default([]),
    subjectsAmharic: text('subjects_amharic').array().notNull().default([]),
    /** Hidden courses stay for their enrollments but are not offered. */
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('courses_sort_idx').on(table.sortOrder, table.id)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Courses with enrollments cannot be deleted; admins hide them instead.
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** The course's English name when the member applied. */
    courseName: text('course_name').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    telephone: text('telephone').notNull(),
    status: text('status').$type<EnrollmentStatus>().notNull().default(EnrollmentStatus.pending),
    adminNotes: text('admin_notes'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One open enrollment per member and course, even under concurrent submits.
    uniqueIndex('enrollments_open_key')
      .on(table.userId, table.courseId)
      .where(sql`status in ('pending', 'approved', 'enrolled')`),
    index('enrollments_created_at_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('enrollments_status_idx').on(table.status, table.createdAt),
    index('enrollments_course_idx').on(table.courseId, table.createdAt),
    index('enrollments_user_idx').on(table.userId, table.createdAt),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type NewEnrollmentRow = typeof enrollments.$inferInsert;
