import { Injectable } from '@nestjs/common';
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { normaliseEmail } from '../../common/email';
import { PageWindow } from '../../common/pagination/pagination';
import { NewUserRow, UserRow, users } from './users.schema';

/** Case-insensitive substring of name, email or profession (admins search for fragments of emails). */
function matchesText(search: string): SQL | undefined {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(users.profession, pattern),
  );
}

export type SessionRow = Pick<
  UserRow,
  | 'id'
  | 'role'
  | 'name'
  | 'email'
  | 'blockedAt'
  | 'emailVerifiedAt'
  | 'tokenVersion'
  | 'country'
  | 'profession'
>;

/** The advisory lock key of the admins' set (any fixed number no other lock uses). */
const ADMINS_LOCK = 4_207_311;

/** An address written to an account is stored in its one normal form (normaliseEmail). */
function normalised(values: Partial<NewUserRow>): Partial<NewUserRow> {
  return values.email === undefined ? values : { ...values, email: normaliseEmail(values.email) };
}

/** The member's marks an admin sets once: approved, and the address confirmed. */
export type OnceOnlyMark = 'approvedAt' | 'emailVerifiedAt';

@Injectable()
export class UsersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** What the auth guard needs on every request and nothing more, for these accounts in one query. */
  findSessions(ids: string[]): Promise<SessionRow[]> {
    return this.db
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        email: users.email,
        blockedAt: users.blockedAt,
        emailVerifiedAt: users.emailVerifiedAt,
        tokenVersion: users.tokenVersion,
        country: users.country,
        profession: users.profession,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  /** Applies `values` and raises the token version, so every token issued before stops working. */
  async updateEndingSessions(
    id: string,
    values: Partial<NewUserRow>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...normalised(values), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async namesByIds(ids: string[]): Promise<{ id: string; name: string }[]> {
    if (!ids.length) return [];
    return this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async contactsByIds(ids: string[]): Promise<{ id: string; name: string; email: string }[]> {
    if (!ids.length) return [];
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)));
    return row;
  }

  /** Inserts unless the email is taken; `undefined` means it was. */
  async create(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, email: normaliseEmail(values.email) })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    // An update that changes nothing (`{}`) is not an SQL UPDATE: Drizzle refuses an empty SET.
    if (Object.values(values).every((value) => value === undefined)) return this.findById(id);
    const [row] = await this.db
      .update(users)
      .set(normalised(values))
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Sets a mark not yet set (approval, a confirmed address): the row when this call set it. */
  async markOnce(id: string, column: OnceOnlyMark): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ [column]: new Date() })
      .where(and(eq(users.id, id), isNull(users[column])))
      .returning();
    return row;
  }

  /** Lifts a block still in place: the row when this call lifted it, else undefined. */
  async unblock(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ blockedAt: null })
      .where(and(eq(users.id, id), isNotNull(users.blockedAt)))
      .returning();
    return row;
  }

  async list(
    search: string | undefined,
    window: PageWindow,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const where = search ? matchesText(search) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total };
  }

  async adminEmails(): Promise<string[]> {
    const rows = await this.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), sql`${users.blockedAt} IS NULL`))
      .orderBy(users.createdAt);
    return rows.map((row) => row.email);
  }

  /** New accounts per UTC day in [from, to). */
  async registrationsByDay(from: Date, to: Date): Promise<{ day: string; count: number }[]> {
    const day = sql<string>`to_char(${users.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    return this.db
      .select({ day, count: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, to)))
      .groupBy(day);
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(users);
    return total;
  }

  async languagesOf(emails: string[]): Promise<Pick<UserRow, 'email' | 'language'>[]> {
    if (!emails.length) return [];
    return this.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(
        inArray(
          users.email,
          emails.map((email) => normaliseEmail(email)),
        ),
      );
  }

  /**
   * Holds the site's set of admins until the caller's transaction ends: role changes, blocks and
   * an admin's own deletion take turns, so two at once cannot leave the site without an admin.
   */
  async lockAdmins(): Promise<void> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`);
  }

  async countAdmins(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), sql`${users.blockedAt} IS NULL`));
    return total;
  }

  async delete(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.delete(users).where(eq(users.id, id)).returning();
    return row;
  }
}
