import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';

export interface TeamEducation {
  degree: string;
  field: string;
  institution: string;
  year: number | null;
  isTopUniversity: boolean;
}

export interface TeamSocialLinks {
  linkedin?: string;
  email?: string;
  website?: string;
}

/** The people behind the platform: founders (Home, About) and the course instructors. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    positionAmharic: text('position_amharic'),
    bio: text('bio').notNull(),
    bioAmharic: text('bio_amharic'),
    profileImage: text('profile_image'),
    education: jsonb('education').$type<TeamEducation[]>().notNull().default([]),
    expertise: text('expertise').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    socialLinks: jsonb('social_links').$type<TeamSocialLinks>().notNull().default({}),
    isFounder: boolean('is_founder').notNull().default(false),
    isInstructor: boolean('is_instructor').notNull().default(false),
    /** Lower comes first, after the founders. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('team_members_order_idx').on(table.sortOrder, table.name)],
);

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type NewTeamMemberRow = typeof teamMembers.$inferInsert;
