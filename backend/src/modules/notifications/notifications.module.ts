import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsLive } from './notifications.live';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** What happened to a member: the list, the bell's stream, preferences and unsubscribe (ADR 0060). */
@Module({
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsLive, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
