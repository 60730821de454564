import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';

/** The first key of every item's advisory lock (the second is a hash of its type and id). */
const CONTENT_LOCKS = 5_113_907;

/**
 * One advisory lock per item, held until the transaction ends: engagement writes share it, the
 * item's deletion takes it alone. No table of another module is read, and every content type
 * (the engagement tables have no foreign key to the items) is covered the same way.
 */
@Injectable()
export class ContentLocksRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** A comment, reaction or view is being written: the item's deletion waits for it. */
  async share(type: string, id: string): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock_shared(${CONTENT_LOCKS}, hashtext(${`${type}:${id}`}))`,
    );
  }

  /** The item is being deleted: waits for engagement writes under way, holds off new ones. */
  async exclusive(type: string, id: string): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(${CONTENT_LOCKS}, hashtext(${`${type}:${id}`}))`,
    );
  }
}
