import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { matchesSearch } from '../../common/search/full-text';
import { InjectDb } from '../../db/database.module';
import { PageWindow } from '../../common/pagination/pagination';
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

@Injectable()
export class NewsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async list(filters: NewsFilters, window: PageWindow) {
    const conditions: SQL[] = [];
    if (filters.publishedOnly) conditions.push(eq(news.published, true));
    if (filters.category) conditions.push(eq(news.category, filters.category));
    if (filters.featured !== undefined) conditions.push(eq(news.featured, filters.featured));
    const search = matchesSearch(news.search, filters.search);
    if (search) conditions.push(search);
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(columns)
        .from(news)
        .where(where)
        .orderBy(desc(news.publishedAt), desc(news.createdAt), desc(news.id))
        .limit(window.limit)
        .offset(window.offset),
      this.db.select({ total: count() }).from(news).where(where),
    ]);
    return { rows, total };
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

  async delete(id: string): Promise<NewsArticle | undefined> {
    const [row] = await this.db.delete(news).where(eq(news.id, id)).returning(columns);
    return row;
  }

  async count(): Promise<number> {
    const [{ total }] = await this.db.select({ total: count() }).from(news);
    return total;
  }
}
