import { Injectable, OnModuleInit } from '@nestjs/common';
import { SitemapRegistry } from '../../common/sitemap/sitemap-registry';
import { CoursesRepository } from './courses.repository';

/** Courses have no page of their own: the tutorials page lists them, dated by the latest change. */
@Injectable()
export class TutorialsSitemap implements OnModuleInit {
  constructor(
    private readonly sitemap: SitemapRegistry,
    private readonly courses: CoursesRepository,
  ) {}

  onModuleInit(): void {
    this.sitemap.register('courses', async () => [
      { path: '/tutorials', lastModified: await this.courses.lastChanged() },
    ]);
  }
}
