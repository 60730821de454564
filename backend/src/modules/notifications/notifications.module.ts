import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsDigest } from './notifications.digest';
import { NotificationsLive } from './notifications.live';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { WeeklyDigest } from './weekly-digest';
import { WeeklyDigestRepository } from './weekly-digest.repository';

/** What happened to a member: the list, the bell's stream, preferences and unsubscribe (ADR 0060). */
@Module({
  imports: [UsersModule],
  controllers: [NotificationsController],
  providers: [
    NotificationsRepository,
    NotificationsLive,
    NotificationsService,
    NotificationsDigest,
    WeeklyDigestRepository,
    WeeklyDigest,
  ],
  exports: [NotificationsService, NotificationsDigest, WeeklyDigest],
})
export class NotificationsModule {}
