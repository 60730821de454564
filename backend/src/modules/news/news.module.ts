import { Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module';
import { MediaModule } from '../media/media.module';
import { ReactionsModule } from '../reactions/reactions.module';
import { UsersModule } from '../users/users.module';
import { ViewsModule } from '../views/views.module';
import { NewsController } from './news.controller';
import { NewsDemoSeeder } from './news.demo';
import { NewsRepository } from './news.repository';
import { NewsService } from './news.service';
import { NewsSitemap } from './news.sitemap';

/** Registers 'news' as engagement content; exports NewsService for the dashboard counts. */
@Module({
  imports: [CommentsModule, MediaModule, ReactionsModule, ViewsModule, UsersModule],
  controllers: [NewsController],
  providers: [NewsRepository, NewsService, NewsDemoSeeder, NewsSitemap],
  exports: [NewsService],
})
export class NewsModule {}
