import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { RemindersService } from '../reminders/reminders.service';
import { Transactions } from '../../db/transactions';
import { UsersService } from '../users/users.service';
import { EventsRepository } from './events.repository';
import { EventsMailer, eventTimeOf, formatWhen, venueOf } from './events.mailer';
import { CheckInRepository } from './check-in.repository';
import { eventAttendees, eventCheckIns, eventDoorStaff, eventTickets } from './events.schema';
import { RsvpsRepository } from './rsvps.repository';
import { TicketsRepository } from './tickets.repository';

/**
 * Issue 17: what the events module gives the account module (a member's RSVPs and tickets, for
 * the export and the deletion) and the reminders module (the facts of a due reminder).
 */
@Injectable()
export class EventsAccountData implements OnModuleInit {
  constructor(
    private readonly events: EventsRepository,
    private readonly rsvps: RsvpsRepository,
    private readonly tickets: TicketsRepository,
    private readonly mailer: EventsMailer,
    private readonly transactions: Transactions,
    private readonly users: UsersService,
    private readonly reminders: RemindersService,
    private readonly accountData: AccountDataRegistry,
    private readonly checkIns: CheckInRepository,
  ) {}

  onModuleInit(): void {
    this.accountData.register({
      key: 'rsvps',
      tables: [eventAttendees],
      export: (owner) => this.rsvps.rsvpsOf(owner.id),
      erase: (owner) => this.withdraw(owner.id),
    });
    // Tickets are accounting records: they stay, detached from the account (no personal data).
    this.accountData.register({
      key: 'tickets',
      tables: [eventTickets],
      export: (owner) => this.tickets.ticketsOf(owner.id),
      erase: (owner) => this.tickets.detachTickets(owner.id),
    });
    // Issue 39: their admissions and door roles go; check-ins they made keep the guest, not their name.
    this.accountData.register({
      key: 'checkIns',
      tables: [eventCheckIns, eventDoorStaff],
      export: async (owner) => ({
        admitted: await this.checkIns.checkInsOf(owner.id),
        doorStaffOf: await this.checkIns.doorStaffRolesOf(owner.id),
      }),
      erase: (owner) => this.checkIns.forgetDoor(owner.id, 'Deleted member'),
    });
    this.reminders.useSource({
      facts: async (eventId, userId) => {
        const event = await this.events.findById(eventId);
        if (!event) return undefined;
        const [statuses, member] = await Promise.all([
          this.rsvps.statusesOf(userId, [eventId]),
          this.users.findById(userId),
        ]);
        return {
          event: {
            startsAt: event.startsAt,
            cancelled: event.cancelledAt !== null,
            title: event.title,
            when: formatWhen(event),
            eventTime: eventTimeOf(event),
            venue: venueOf(event),
            url: this.mailer.eventUrl(event.id),
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
    for (const rsvp of await this.rsvps.rsvpsOf(userId)) {
      if (rsvp.startsAt.getTime() <= now || rsvp.cancelled) continue;
      // The freed seat and the emails to the members it seats commit together.
      await this.transactions.run(async () => {
        const change = await this.rsvps.changeRsvp(rsvp.eventId, userId, () => 'not going');
        if (!change) return;
        await this.mailer.promoted(change.event, change.promoted);
        if (change.promoted.length) this.reminders.changed(change.event.startsAt);
      });
    }
    await this.rsvps.deleteRsvpsOf(userId);
  }
}
