import { Injectable, OnModuleInit } from '@nestjs/common';
import { SitemapRegistry } from '../../common/sitemap/sitemap-registry';
import { EventsRepository } from './events.repository';

/** Every event's page is public (past and cancelled ones too): all go in the sitemap. */
@Injectable()
export class EventsSitemap implements OnModuleInit {
  constructor(
    private readonly sitemap: SitemapRegistry,
    private readonly events: EventsRepository,
  ) {}

  onModuleInit(): void {
    this.sitemap.register('events', async (limit) =>
      (await this.events.recentlyChanged(limit)).map((row) => ({
        path: `/events/${row.id}`,
        lastModified: row.updatedAt,
      })),
    );
  }
}
