import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, inArray, lt, or, sql, SQL, SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { normaliseEmail } from '../../common/email';
import type { Language } from '../../common/language';
import type { PageWindow } from '../../common/pagination/pagination';
import { MailMessageRow, mailMessages } from './mail.schema';

/**
 * The column holds this address as a whole address (in a list of recipients or a JSON payload):
 * `ann@example.com` does not match `joann@example.com`.
 */
function mentions(column: SQLWrapper, address: string): SQL {
  const escaped = normaliseEmail(address).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Compared in the one normal form of addresses: rows written before emails were normalised
  // (a full-width or decomposed spelling) still match the account's normalised address.
  return sql`lower(normalize(${column}, NFKC)) ~ ${`(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9.-])`}`;
}

/** The statuses of messages whose delivery is over: only these are ever deleted by age. */
const FINISHED = ['sent', 'failed', 'not_configured'];

@Injectable()
export class MailRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The messages' outbox rows in one statement (a storm's batch of RSVPs holds a row lock). */
  async create(values: (typeof mailMessages.$inferInsert & { id: string })[]): Promise<void> {
    if (values.length) await this.db.insert(mailMessages).values(values);
  }

  async findById(id: string): Promise<MailMessageRow | undefined> {
    const [row] = await this.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    return row;
  }

  async markAttempt(
    id: string,
    status: 'sent' | 'failed' | 'queued',
    error?: { message: string; code?: string },
    /** As sent: the language it was written in and its subject in that language. */
    rendered?: { language: Language; subject: string },
  ) {
    await this.db
      .update(mailMessages)
      .set({
        ...rendered,
        status,
        error: error?.message ?? null,
        errorCode: error?.code ?? null,
        attempts: sql`${mailMessages.attempts} + 1`,
        sentAt: status === 'sent' ? new Date() : null,
      })
      .where(eq(mailMessages.id, id));
  }

  /** One page of every recorded message, newest first, and how many there are. */
  async page(window: PageWindow): Promise<{ rows: MailMessageRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(mailMessages)
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(mailMessages),
    ]);
    return { rows, total };
  }

  /** One page of the messages whose last attempt failed, newest first, and how many there are. */
  async failedPage(window: PageWindow): Promise<{ rows: MailMessageRow[]; total: number }> {
    const failed = eq(mailMessages.status, 'failed');
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(mailMessages)
        .where(failed)
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(mailMessages).where(failed),
    ]);
    return { rows, total };
  }

  /**
   * Puts a failed message back in the outbox as a new one stands (queued, never handed over);
   * answers nothing when it is not failed (any more), so two retries cannot both win.
   */
  async requeueFailed(id: string): Promise<MailMessageRow | undefined> {
    const [row] = await this.db
      .update(mailMessages)
      .set({ status: 'queued', enqueuedAt: null, error: null, errorCode: null, sentAt: null })
      .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed')))
      .returning();
    return row;
  }

  async statuses(ids: string[]): Promise<Pick<MailMessageRow, 'id' | 'status'>[]> {
    if (!ids.length) return [];
    return this.db
      .select({ id: mailMessages.id, status: mailMessages.status })
      .from(mailMessages)
      .where(inArray(mailMessages.id, ids));
  }

  /**
   * Messages to this address (alone or among several recipients) recorded since `since`, oldest
   * first: what the account holding the address was sent, not what an earlier holder was.
   */
  async sentTo(address: string, since: Date): Promise<MailMessageRow[]> {
    return this.db
      .select()
      .from(mailMessages)
      .where(and(mentions(mailMessages.to, address), gte(mailMessages.createdAt, since)))
      .orderBy(mailMessages.createdAt);
  }

  /**
   * Deletes an account's messages: those to its address since `since`, and with `mentioning`
   * (the address is confirmed as the account's) also every message carrying the address in its
   * payload, such as the admins' copy of a contact message sent from it.
   */
  async deleteOfAccount(
    address: string,
    since: Date,
    { mentioning }: { mentioning: boolean },
  ): Promise<void> {
    const sentToIt = and(mentions(mailMessages.to, address), gte(mailMessages.createdAt, since));
    await this.db
      .delete(mailMessages)
      .where(
        mentioning ? or(sentToIt, mentions(sql`${mailMessages.payload}::text`, address)) : sentToIt,
      );
  }

  /**
   * Retention: deletes up to `limit` of the oldest messages that are done with (sent, failed or
   * never configured) and were recorded before `cutoff`; says how many went. A queued message is
   * never touched, and a batch skips rows another pass holds.
   */
  async deleteFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const batch = this.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(inArray(mailMessages.status, FINISHED), lt(mailMessages.createdAt, cutoff)))
      .orderBy(mailMessages.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .delete(mailMessages)
      .where(inArray(mailMessages.id, batch))
      .returning({ id: mailMessages.id });
    return rows.length;
  }

  async latest(limit: number): Promise<MailMessageRow[]> {
    return this.db.select().from(mailMessages).orderBy(desc(mailMessages.createdAt)).limit(limit);
  }

  /**
   * Claims up to `limit` queued messages for the relay: those never handed to the queue, and
   * those handed over long ago but still queued (Redis lost them). SKIP LOCKED lets every
   * replica run the relay without two claiming the same message.
   */
  async claimForQueue(
    limit: number,
    staleAfterMs: number,
  ): Promise<Array<{ id: string; traceparent: string | null }>> {
    const stale = new Date(Date.now() - staleAfterMs);
    const result = (await this.db.execute(sql`
      update ${mailMessages} set enqueued_at = now()
      where ${mailMessages.id} in (
        select ${mailMessages.id} from ${mailMessages}
        where ${mailMessages.status} = 'queued'
          and (${mailMessages.enqueuedAt} is null or ${mailMessages.enqueuedAt} < ${stale.toISOString()}::timestamptz)
        order by ${mailMessages.createdAt}
        limit ${limit}
        for update skip locked
      )
      returning ${mailMessages.id}, ${mailMessages.traceparent}`)) as unknown as {
      rows: Array<{ id: string; traceparent: string | null }>;
    };
    return result.rows;
  }

  /** Gives claimed messages back to the relay when the queue refused them. */
  async releaseClaims(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(mailMessages)
      .set({ enqueuedAt: null })
      .where(inArray(mailMessages.id, ids));
  }

  /** The outbox now: messages still queued, and when the oldest of them was written. */
  async outboxState(): Promise<{ backlog: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({ backlog: count(), oldest: sql<string | null>`min(${mailMessages.createdAt})` })
      .from(mailMessages)
      .where(eq(mailMessages.status, 'queued'));
    return { backlog: row.backlog, oldest: row.oldest ? new Date(row.oldest) : null };
  }
}
