import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, isNotNull, isNull, or, sql, SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { matchesSearch } from '../../common/search/full-text';
import { InjectDb } from '../../db/database.module';
import { nextUpdatedAt, unchangedSince } from '../../db/edit-version';
import { PageWindow, TimesKeyset } from '../../common/pagination/pagination';
import { NewNewsRow, news, NewsRow } from './news.schema';

export interface NewsFilters {
  search?: string;
  category?: string;
  featured?: boolean;
  publishedOnly: boolean;
}

/** Columns every read returns; the search vector stays in the database. */
const columns = {
  id: news.id,
  title: news.title,
  content: news.content,
  excerpt: news.excerpt,
  image: news.image,
  category: news.category,
  featured: news.featured,
  published: news.published,
  authorId: news.authorId,
  publishedAt: news.publishedAt,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};
export type NewsArticle = Omit<NewsRow, 'search'>;

/**
 * The rows after a cursor in the list's order: PostgreSQL puts a missing published date first
 * when sorting descending, so after a draft come the later drafts and then every dated article.
 */
function afterCondition({ times: [publishedAt, createdAt], id }: TimesKeyset): SQL | undefined {
  const created = createdAt?.toISOString();
  if (!publishedAt) {
    return or(
      and(
        isNull(news.publishedAt),
        sql`(${news.createdAt}, ${news.id}) < (${created}::timestamptz, ${id}::uuid)`,
      ),
      isNotNull(news.publishedAt),
    );
  }
  return and(
    isNotNull(news.publishedAt),
    sql`(${news.publishedAt}, ${news.createdAt}, ${news.id}) < (${publishedAt.toISOString()}::timestamptz, ${created}::timestamptz, ${id}::uuid)`,
  );
}

@Injectable()
export class NewsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * One page, newest first (drafts, without a date, before every dated article), plus one more
   * row to tell whether a next page exists; `after` continues after a cursor at any depth.
   */
  async list(filters: NewsFilters, window: PageWindow & { after?: TimesKeyset }) {
    const conditions: SQL[] = [];
    if (filters.publishedOnly) conditions.push(eq(news.published, true));
    if (filters.category) conditions.push(eq(news.category, filters.category));
    if (filters.featured !== undefined) conditions.push(eq(news.featured, filters.featured));
    const search = matchesSearch(news.search, filters.search);
    if (search) conditions.push(search);
    const where = and(...conditions);
    const order = [desc(news.publishedAt), desc(news.createdAt), desc(news.id)];
    const total = this.db.select({ total: count() }).from(news).where(where);
    let rows: Promise<NewsArticle[]>;
    if (window.after || window.offset === 0) {
      const after = window.after && afterCondition(window.after);
      rows = this.db
        .select(columns)
        .from(news)
        .where(after ? and(where, after) : where)
        .orderBy(...order)
        .limit(window.limit + 1);
    } else {
      // A deep numbered page: the skipped rows are walked on the ordered index (ids only).
      const page = this.db
        .select({ pageId: news.id })
        .from(news)
        .where(where)
        .orderBy(...order)
        .limit(window.limit + 1)
        .offset(window.offset)
        .as('page');
      rows = this.db
        .select(columns)
        .from(news)
        .innerJoin(page, eq(news.id, page.pageId))
        .orderBy(...order);
    }
    const [found, [counted]] = await Promise.all([rows, total]);
    return { rows: found, total: counted.total };
  }

  /** Published articles' ids and last change, the most recently changed first (the sitemap). */
  async recentlyChanged(limit: number): Promise<Array<{ id: string; updatedAt: Date }>> {
    return this.db
      .select({ id: news.id, updatedAt: news.updatedAt })
      .from(news)
      .where(eq(news.published, true))
      .orderBy(desc(news.updatedAt), desc(news.id))
      .limit(limit);
  }

  async findById(id: string): Promise<NewsArticle | undefined> {
    const [row] = await this.db.select(columns).from(news).where(eq(news.id, id));
    return row;
  }

  async create(values: Omit<NewNewsRow, 'search'>): Promise<NewsArticle> {
    const [row] = await this.db.insert(news).values(values).returning(columns);
    return row;
  }

  async update(id: string, values: Partial<Omit<NewNewsRow, 'search'>>) {
    // An update that changes nothing (`{}`) is not an SQL UPDATE: Drizzle refuses an empty SET.
    if (Object.values(values).every((value) => value === undefined)) return this.findById(id);
    const [row] = await this.db.update(news).set(values).where(eq(news.id, id)).returning(columns);
    return row as NewsArticle | undefined;
  }

  /**
   * The editor's save: with `loadedAt` (the updatedAt the editor was opened with), applied only
   * when the article has not changed since, in the one statement. Each save gets a new updatedAt.
   */
  async edit(
    id: string,
    values: Partial<Omit<NewNewsRow, 'search'>>,
    loadedAt: Date | undefined,
  ): Promise<NewsArticle | undefined> {
    const [row] = await this.db
      .update(news)
      .set({ ...values, updatedAt: nextUpdatedAt(news.updatedAt) })
      .where(and(eq(news.id, id), unchangedSince(news.updatedAt, loadedAt)))
      .returning(columns);
    return row as NewsArticle | undefined;
  }

  async delete(id: string): Promise<NewsArticle | undefined> {
    const [row] = await this.db.delete(news).where(eq(news.id, id)).returning(columns);
    return row;
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(news);
    return total;
  }
}
