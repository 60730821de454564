import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { RemindersService } from '../reminders/reminders.service';
import { UsersService } from '../users/users.service';
import { EventsRepository } from './events.repository';
import { EventsService, formatWhen, venueOf } from './events.service';

/**
 * Issue 17: what the events module gives the account module (a member's RSVPs and tickets, for
 * the export and the deletion) and the reminders module (the facts of a due reminder).
 */
@Injectable()
export class EventsAccountData implements OnModuleInit {
  constructor(
    private readonly repository: EventsRepository,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly reminders: RemindersService,
    private readonly accountData: AccountDataRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.accountData.register({
      key: 'rsvps',
      export: (owner) => this.repository.rsvpsOf(owner.id),
      erase: (owner) => this.withdraw(owner.id),
    });
    // Tickets are accounting records: they stay, detached from the account (no personal data).
    this.accountData.register({
      key: 'tickets',
      export: (owner) => this.repository.ticketsOf(owner.id),
      erase: (owner) => this.repository.detachTickets(owner.id),
    });
    this.reminders.useSource({
      goingMembers: (eventId) => this.repository.goingMembers(eventId),
      facts: async (eventId, userId) => {
        const event = await this.repository.findById(eventId);
        if (!event) return undefined;
        const [statuses, member] = await Promise.all([
          this.repository.statusesOf(userId, [eventId]),
          this.users.findById(userId),
        ]);
        return {
          event: {
            startsAt: event.startsAt,
            cancelled: event.cancelledAt !== null,
            title: event.title,
            when: formatWhen(event),
            venue: venueOf(event),
            url: `${this.config.publicUrl.replace(/\/$/, '')}/events/${event.id}`,
          },
          going: statuses.get(eventId) === 'going',
          member: member && { email: member.email, name: member.name },
        };
      },
    });
  }

  /**
   * A deleted member's answers: on upcoming events through the RSVP path (the seat frees and
   * the waitlist moves up, as when a member says Not going); past and cancelled events keep
   * their going count as a record of attendance. Then every answer row goes.
   */
  private async withdraw(userId: string): Promise<void> {
    const now = Date.now();
    for (const rsvp of await this.repository.rsvpsOf(userId)) {
      if (rsvp.startsAt.getTime() <= now || rsvp.cancelled) continue;
      const change = await this.repository.changeRsvp(rsvp.eventId, userId, () => 'not going');
      if (!change) continue;
      this.reminders.drop(rsvp.eventId, userId, change.event.startsAt);
      await this.events.notifyPromotedMembers(change.event, change.promoted);
    }
    await this.repository.deleteRsvpsOf(userId);
  }
}
