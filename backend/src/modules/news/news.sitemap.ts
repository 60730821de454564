import { Injectable, OnModuleInit } from '@nestjs/common';
import { SitemapRegistry } from '../../common/sitemap/sitemap-registry';
import { NewsRepository } from './news.repository';

/** Published articles' pages go in the sitemap; drafts are not public. */
@Injectable()
export class NewsSitemap implements OnModuleInit {
  constructor(
    private readonly sitemap: SitemapRegistry,
    private readonly news: NewsRepository,
  ) {}

  onModuleInit(): void {
    this.sitemap.register('news', async (limit) =>
      (await this.news.recentlyChanged(limit)).map((row) => ({
        path: `/news/${row.id}`,
        lastModified: row.updatedAt,
      })),
    );
  }
}
