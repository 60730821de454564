import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { BatchOutcome, KeyedBatches } from '../../common/concurrency/keyed-batches';
import { Transactions } from '../../db/transactions';
import { RemindersService } from '../reminders/reminders.service';
import { RsvpDto, RsvpResultDto } from './events.dto';
import { eventNotFound } from './events.errors';
import { EventsMailer } from './events.mailer';
import { decideRsvp } from './events.rules';
import { RsvpAnswer, RsvpStatus } from './events.schema';
import { RsvpChange, RsvpsRepository } from './rsvps.repository';

/**
 * The most Going answers to one event decided in one transaction: a storm's answers wait in
 * memory while one batch holds the event's row, then go together (ADR 0070). Bounds the
 * transaction (its outbox rows) and the time the row is held.
 */
const GOING_BATCH_MAX = 250;

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

  /** Going answers per event, in arrival order, decided a batch at a time (ADR 0070). */
  private readonly goingAnswers = new KeyedBatches<AuthUser, RsvpChange>(
    (eventId, callers) => this.answerGoing(eventId, callers),
    GOING_BATCH_MAX,
  );

  async rsvp(id: string, caller: AuthUser, dto: RsvpDto): Promise<RsvpResultDto> {
    const answer = dto.status as RsvpAnswer;
    // Going never frees a seat, so Going answers batch; the others (which may free one and seat
    // the waitlist's head) are decided one by one under the same row lock.
    const change =
      answer === 'going'
        ? await this.goingAnswers.submit(id, caller)
        : await this.changeOne(id, caller, answer);
    return {
      status: change.status,
      goingCount: change.event.goingCount,
      msg: RSVP_MESSAGES[change.status],
    };
  }

  private async changeOne(id: string, caller: AuthUser, answer: RsvpAnswer): Promise<RsvpChange> {
    const now = new Date();
    // The answer and its emails (outbox rows) commit together.
    return this.transactions.run(async () => {
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
  }

  /** One batch of Going answers to one event: the answers and all their emails commit together. */
  private async answerGoing(
    eventId: string,
    callers: AuthUser[],
  ): Promise<BatchOutcome<RsvpChange>[]> {
    const now = new Date();
    return this.transactions.run(async () => {
      const batch = await this.rsvps.answerGoing(
        eventId,
        callers.map((caller) => caller.id),
        (state) => decideRsvp(state, 'going', now),
      );
      if (!batch) return callers.map(() => ({ error: eventNotFound() }));
      const outcomes = batch.outcomes.map((outcome) =>
        'error' in outcome ? outcome : { value: outcome.change },
      );
      await this.mailer.rsvpConfirmations(
        batch.event,
        batch.outcomes.flatMap((outcome, i) =>
          'change' in outcome && outcome.change.status !== outcome.change.previous
            ? [{ caller: callers[i], status: outcome.change.status }]
            : [],
        ),
      );
      await this.mailer.promoted(batch.event, batch.promoted);
      if (outcomes.some((o) => 'value' in o && o.value.status === 'going') || batch.promoted.length)
        this.reminders.changed(batch.event.startsAt); // a reminder may be due at once
      return outcomes;
    });
  }
}
