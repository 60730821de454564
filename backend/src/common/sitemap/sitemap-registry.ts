import { Global, Injectable, Module } from '@nestjs/common';

/** One public page for crawlers: its path on the site and when its content last changed. */
export interface SitemapPage {
  path: string;
  lastModified?: Date;
}

/** A module's public pages, at most `limit` of them, the most recently changed first. */
export type SitemapSource = (limit: number) => Promise<SitemapPage[]>;

/**
 * The sitemap's pages without the web layer reading other modules' tables: each content module
 * registers its public pages in onModuleInit (events, articles, courses), and /sitemap.xml asks
 * them all.
 */
@Injectable()
export class SitemapRegistry {
  private readonly sources = new Map<string, SitemapSource>();

  register(name: string, source: SitemapSource): void {
    this.sources.set(name, source);
  }

  /** Every source's pages in registration order, each source asked for at most `limit`. */
  async pages(limit: number): Promise<SitemapPage[]> {
    const lists = await Promise.all([...this.sources.values()].map((source) => source(limit)));
    return lists.flat();
  }
}

@Global()
@Module({ providers: [SitemapRegistry], exports: [SitemapRegistry] })
export class SitemapRegistryModule {}
