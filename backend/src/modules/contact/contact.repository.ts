import { Injectable } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { normalisedEmail } from '../../db/email';
import { normaliseEmail } from '../../common/email';
import { PageWindow } from '../../common/pagination/pagination';
import { contactMessages, ContactMessageRow, NewContactMessageRow } from './contact.schema';

@Injectable()
export class ContactRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async create(values: NewContactMessageRow): Promise<ContactMessageRow> {
    const [row] = await this.db.insert(contactMessages).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<ContactMessageRow | undefined> {
    const [row] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row;
  }

  async update(id: string, values: Partial<NewContactMessageRow>) {
    const [row] = await this.db
      .update(contactMessages)
      .set(values)
      .where(eq(contactMessages.id, id))
      .returning();
    return row as ContactMessageRow | undefined;
  }

  async list(status: string | undefined, window: PageWindow) {
    const where = status ? eq(contactMessages.status, status) : undefined;
    const [rows, [{ total }], [{ unread }]] = await Promise.all([
      this.db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(contactMessages).where(where),
      this.db
        .select({ unread: count() })
        .from(contactMessages)
        .where(eq(contactMessages.status, 'new')),
    ]);
    return { rows, total, unread };
  }

  /** Messages sent from this address (in any case or Unicode spelling), oldest first. */
  async fromAddress(email: string) {
    return this.db
      .select({
        _id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(normalisedEmail(contactMessages.email), normaliseEmail(email)))
      .orderBy(contactMessages.createdAt);
  }

  /** Deletes the messages sent from this address (any case or spelling) and gives their ids. */
  async deleteFromAddress(email: string): Promise<string[]> {
    const rows = await this.db
      .delete(contactMessages)
      .where(eq(normalisedEmail(contactMessages.email), normaliseEmail(email)))
      .returning({ id: contactMessages.id });
    return rows.map((row) => row.id);
  }
}
