import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { MediaModule } from '../media/media.module';
import { ReactionsModule } from '../reactions/reactions.module';
import { UsersModule } from '../users/users.module';
import { ViewsModule } from '../views/views.module';
import { DirectoryController } from './directory.controller';
import { DirectoryDemoSeeder } from './directory.demo';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';
import { DirectoryStats } from './directory.stats';

/** Registers 'directory' as members-only engagement content and its business count. */
@Module({
  imports: [NotificationsModule, MediaModule, ReactionsModule, ViewsModule, UsersModule],
  controllers: [DirectoryController],
  providers: [DirectoryRepository, DirectoryService, DirectoryDemoSeeder, DirectoryStats],
  exports: [DirectoryService],
})
export class DirectoryModule {}
