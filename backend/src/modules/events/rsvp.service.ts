import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { Transactions } from '../../db/transactions';
import { RemindersService } from '../reminders/reminders.service';
import { RsvpDto, RsvpResultDto } from './events.dto';
import { eventNotFound } from './events.errors';
import { EventsMailer } from './events.mailer';
import { decideRsvp } from './events.rules';
import { RsvpAnswer, RsvpStatus } from './events.schema';
import { RsvpsRepository } from './rsvps.repository';

const RSVP_MESSAGES: Record<RsvpStatus, string> = {
  going: 'You are going',
  maybe: 'You answered maybe',
  'not going': 'You are not going',
  waitlisted:
    'This event is full. You are on the waiting list and will be emailed if a seat frees up.',
};

/** RSVPs with capacity and the waitlist: the answer, the seat count and their emails. */
@Injectable()
export class RsvpService {
  constructor(
    private readonly rsvps: RsvpsRepository,
    private readonly mailer: EventsMailer,
    private readonly transactions: Transactions,
    private readonly reminders: RemindersService, // issue 17: event reminders
  ) {}

  async rsvp(id: string, caller: AuthUser, dto: RsvpDto): Promise<RsvpResultDto> {
    const answer = dto.status as RsvpAnswer;
    const now = new Date();
    // The answer and its emails (outbox rows) commit together.
    const change = await this.transactions.run(async () => {
      const change = await this.rsvps.changeRsvp(id, caller.id, (state) =>
        decideRsvp(state, answer, now),
      );
      if (!change) throw eventNotFound();
      if (change.status !== change.previous) {
        await this.mailer.rsvpConfirmation(caller, change.event, change.status);
      }
      await this.mailer.promoted(change.event, change.promoted);
      if (change.status === 'going' || change.promoted.length)
        this.reminders.changed(change.event.startsAt); // a reminder may be due at once
      return change;
    });
    return {
      status: change.status,
      goingCount: change.event.goingCount,
      msg: RSVP_MESSAGES[change.status],
    };
  }
}
