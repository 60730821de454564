import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { Clock } from './clock';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

/** Event reminders: the events module schedules them and answers what they need to know. */
@Module({
  imports: [NotificationsModule],
  providers: [Clock, RemindersRepository, RemindersService],
  exports: [RemindersService, Clock],
})
export class RemindersModule {}
