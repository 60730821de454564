import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { Language } from '../../common/language';
import { createdAt, id, updatedAt } from '../../db/columns';

export interface SocialLinks {
  linkedin?: string;
  instagram?: string;
  twitter?: string;
  facebook?: string;
  website?: string;
  youtube?: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased so that comparisons are case-insensitive. */
    email: text('email').notNull(),
    /** Null for a member who signs in only with an OpenID Connect provider (ADR 0051). */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('member'),
    phone: text('phone'),
    country: text('country'),
    profession: text('profession'),
    bio: text('bio'),
    company: text('company'),
    jobTitle: text('job_title'),
    experience: text('experience'),
    education: text('education'),
    languages: text('languages').array().notNull().default([]),
    skills: text('skills').array().notNull().default([]),
    interests: text('interests').array().notNull().default([]),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    profileImage: text('profile_image'),
    /** The member's language: the interface's when signed in, and every email's. */
    language: text('language').$type<Language>().notNull().default(Language.EN),
    /** The member's IANA time zone (the profile, or the browser's): the weekly digest's local hour. */
    timeZone: text('time_zone'),
    /** Set when an admin confirms the member as a known, verified member (a badge; no gate). */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** Set while an admin has blocked the account: no sign-in, and its tokens stop working. */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    /** Set once the member opened the link sent to this address (a gate for listings and courses). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** Carried in every token; raising it ends every session of the account at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
