import { Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { InjectDb } from '../../db/database.module';
import { viewCounts, viewMarks } from './views.schema';

@Injectable()
export class ViewsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * One atomic statement: marks the viewer and, only when they were not counted within the
   * window, adds one to the item's count (`counted`); answers the item's count either way, so a
   * view costs one round trip. Concurrent reloads race on the mark's primary key.
   */
  async record(
    contentType: string,
    contentId: string,
    viewerKey: string,
    windowSeconds: number,
  ): Promise<{ counted: boolean; views: number }> {
    const result = (await this.db.execute(sql`
      WITH counted AS (
        INSERT INTO ${viewMarks} (content_type, content_id, viewer_key, counted_at)
        VALUES (${contentType}, ${contentId}, ${viewerKey}, now())
        ON CONFLICT (content_type, content_id, viewer_key) DO UPDATE SET counted_at = now()
        WHERE ${viewMarks}.counted_at < now() - make_interval(secs => ${windowSeconds})
        RETURNING 1
      ), bumped AS (
        INSERT INTO ${viewCounts} (content_type, content_id, views)
        SELECT ${contentType}, ${contentId}, 1 FROM counted
        ON CONFLICT (content_type, content_id) DO UPDATE SET views = ${viewCounts}.views + 1
        RETURNING views
      )
      SELECT
        (SELECT views FROM bumped) AS bumped,
        (SELECT views FROM ${viewCounts}
          WHERE content_type = ${contentType} AND content_id = ${contentId}) AS current
    `)) as unknown as { rows: Array<{ bumped: number | null; current: number | null }> };
    // No bumped count when this viewer was counted within the window: the count as it stood.
    const { bumped, current } = result.rows[0] ?? { bumped: null, current: null };
    return bumped === null
      ? { counted: false, views: current ?? 0 }
      : { counted: true, views: bumped };
  }

  async countsFor(contentType: string, contentIds: string[]) {
    if (!contentIds.length) return [];
    return this.db
      .select({ contentId: viewCounts.contentId, views: viewCounts.views })
      .from(viewCounts)
      .where(
        and(eq(viewCounts.contentType, contentType), inArray(viewCounts.contentId, contentIds)),
      );
  }

  /** Marks older than the window no longer dedupe anything. */
  async pruneMarks(windowSeconds: number): Promise<void> {
    await this.db
      .delete(viewMarks)
      .where(lt(viewMarks.countedAt, sql`now() - make_interval(secs => ${windowSeconds})`));
  }

  async removeFor(contentType: string, contentIds: string[]): Promise<void> {
    if (!contentIds.length) return;
    await this.db
      .delete(viewCounts)
      .where(
        and(eq(viewCounts.contentType, contentType), inArray(viewCounts.contentId, contentIds)),
      );
    await this.db
      .delete(viewMarks)
      .where(and(eq(viewMarks.contentType, contentType), inArray(viewMarks.contentId, contentIds)));
  }

  /** What one viewer was last counted on (a member's data export). */
  async marksOf(viewerKey: string) {
    return this.db
      .select({
        contentType: viewMarks.contentType,
        contentId: viewMarks.contentId,
        countedAt: viewMarks.countedAt,
      })
      .from(viewMarks)
      .where(eq(viewMarks.viewerKey, viewerKey));
  }

  async removeMarksOf(viewerKey: string): Promise<void> {
    await this.db.delete(viewMarks).where(eq(viewMarks.viewerKey, viewerKey));
  }
}
