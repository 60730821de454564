import { Injectable } from '@nestjs/common';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { PageWindow } from '../../common/pagination/pagination';
import { NewUserRow, UserRow, users } from './users.schema';

@Injectable()
export class UsersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async namesByIds(ids: string[]): Promise<{ id: string; name: string }[]> {
    if (!ids.length) return [];
    return this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  /** Inserts unless the email is taken; `undefined` means it was. */
  async create(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  async list(window: PageWindow): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(users),
    ]);
    return { rows, total };
  }
}
