import { Module, OnModuleInit } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ActivityRegistry } from '../../common/activity/activity-registry';
import { DemoService } from '../demo/demo.service';
import { MediaModule } from '../media/media.module';
import { MediaService } from '../media/media.service';
import { ReactionsModule } from '../reactions/reactions.module';
import { UsersModule } from '../users/users.module';
import { ViewsModule } from '../views/views.module';
import { RemindersModule } from '../reminders/reminders.module';
import { EventsAccountData } from './events.account';
import { CheckInController, EntryTicketsController } from './check-in.controller';
import { CheckInRepository } from './check-in.repository';
import { CheckInService } from './check-in.service';
import { DoorStaffGuard } from './door-staff.guard';
import { EventsController } from './events.controller';
import { TicketCodes } from './ticket-code';
import { EventsDemoSeeder } from './events.demo';
import { EventsMailer } from './events.mailer';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { EventsSitemap } from './events.sitemap';
import { EventsStats } from './events.stats';
import { RsvpService } from './rsvp.service';
import { RsvpsRepository } from './rsvps.repository';
import { TicketsRepository } from './tickets.repository';
import { TicketsService } from './tickets.service';

@Module({
  imports: [
    NotificationsModule,
    MediaModule,
    UsersModule,
    ReactionsModule,
    ViewsModule,
    RemindersModule,
  ],
  controllers: [EventsController, CheckInController, EntryTicketsController],
  providers: [
    EventsRepository,
    RsvpsRepository,
    TicketsRepository,
    EventsMailer,
    EventsService,
    RsvpService,
    TicketsService,
    EventsStats,
    EventsSitemap,
    EventsAccountData,
    TicketCodes,
    CheckInRepository,
    CheckInService,
    DoorStaffGuard,
  ],
  exports: [TicketsService, EventsService],
})
export class EventsModule implements OnModuleInit {
  constructor(
    private readonly demo: DemoService,
    private readonly events: EventsRepository,
    private readonly rsvps: RsvpsRepository,
    private readonly tickets: TicketsRepository,
    private readonly media: MediaService,
    private readonly activity: ActivityRegistry,
  ) {}

  onModuleInit(): void {
    this.demo.register(new EventsDemoSeeder(this.events, this.rsvps, this.tickets, this.media));
    this.activity.register({
      key: 'rsvps',
      countByDay: (from, to) => this.rsvps.rsvpsByDay(from, to),
    });
  }
}
