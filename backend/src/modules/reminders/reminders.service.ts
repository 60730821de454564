import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobMap, JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import type { EventsMailTemplates } from '../mail/events.templates';
import { MailService } from '../mail/mail.service';
import { Clock } from './clock';
import { RemindersRepository } from './reminders.repository';

/** How long before an event its reminder goes. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** What a reminder needs to know about one member and one event, read when it is due. */
export interface ReminderFacts {
  event: {
    startsAt: Date;
    cancelled: boolean;
    title: string;
    when: EventsMailTemplates['eventReminder']['when'];
    venue: EventsMailTemplates['eventReminder']['venue'];
    url: string;
  };
  /** Whether the member's answer is still going. */
  going: boolean;
  member: { email: string; name: string } | undefined;
}

/** The events module answers these (so that this module never reads its tables). */
export interface ReminderSource {
  facts(eventId: string, userId: string): Promise<ReminderFacts | undefined>;
  /** The members going to an event now. */
  goingMembers(eventId: string): Promise<string[]>;
}

type ReminderJob = JobMap['reminder.send'];

/**
 * Event reminders as delayed jobs: one per member and start time (a deterministic job id), moved
 * when the event moves, dropped when the answer changes. The job checks the facts again when it
 * is due (a job that could not be dropped does nothing) and claims a sent-marker row in the
 * same transaction as the email, so a reminder goes once even with several workers.
 */
@Injectable()
export class RemindersService implements OnModuleInit {
  private readonly logger = new Logger('Reminders');
  private source?: ReminderSource;

  constructor(
    @InjectQueue() private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {}

  onModuleInit(): void {
    if (this.config.processRole !== 'api') {
      this.queue.process('reminder.send', (job) => this.deliver(job));
    }
  }

  useSource(source: ReminderSource): void {
    this.source = source;
  }

  /** A member is going: their reminder is due 24 hours before the start (at once if that passed). */
  schedule(eventId: string, userId: string, startsAt: Date): void {
    const now = this.clock.now().getTime();
    if (startsAt.getTime() <= now) return;
    const delayMs = Math.max(0, startsAt.getTime() - REMINDER_LEAD_MS - now);
    const job = { eventId, userId, startsAt: startsAt.toISOString() };
    this.afterCommit(() => this.queue.add('reminder.send', job, { jobId: jobId(job), delayMs }));
  }

  /** Members seated from the waitlist are going now: each gets their reminder. */
  seated(eventId: string, startsAt: Date, userIds: string[]): void {
    for (const userId of userIds) this.schedule(eventId, userId, startsAt);
  }

  /** A member is no longer going (another answer, a refund): their reminder is dropped. */
  drop(eventId: string, userId: string, startsAt: Date): void {
    const job = { eventId, userId, startsAt: startsAt.toISOString() };
    this.afterCommit(() => this.queue.remove(jobId(job)));
  }

  /**
   * An answer changed: becoming going schedules the reminder, leaving going drops it; other
   * changes (waitlisted, maybe) touch no job, so a crowd joining a waitlist costs the queue nothing.
   */
  answered(
    eventId: string,
    userId: string,
    startsAt: Date,
    change: { status: string; previous?: string },
  ): void {
    if (change.status === change.previous) return;
    if (change.status === 'going') this.schedule(eventId, userId, startsAt);
    else if (change.previous === 'going') this.drop(eventId, userId, startsAt);
  }

  /** The event's date or time changed: every going member's reminder moves with it. */
  async moved(eventId: string, from: Date, to: Date): Promise<void> {
    if (from.getTime() === to.getTime() || !this.source) return;
    for (const userId of await this.source.goingMembers(eventId)) {
      this.drop(eventId, userId, from);
      this.schedule(eventId, userId, to);
    }
  }

  /** The event was cancelled: nobody is reminded (jobs left behind find it cancelled). */
  cancelled(eventId: string, startsAt: Date, userIds: string[]): void {
    for (const userId of userIds) this.drop(eventId, userId, startsAt);
  }

  /** The job handler: sends the reminder if it is still wanted and nobody sent it yet. */
  async deliver(job: ReminderJob): Promise<void> {
    const facts = await this.source?.facts(job.eventId, job.userId);
    if (!facts?.member || !facts.going || facts.event.cancelled) return;
    // The event moved since this job was scheduled: the job of the new time reminds instead.
    if (facts.event.startsAt.toISOString() !== job.startsAt) return;
    if (facts.event.startsAt.getTime() <= this.clock.now().getTime()) return;
    const member = facts.member;
    await this.transactions.run(async () => {
      if (!(await this.reminders.markSent(job.eventId, job.userId, facts.event.startsAt))) return;
      await this.mail.send('eventReminder', member.email, {
        name: member.name,
        eventTitle: facts.event.title,
        when: facts.event.when,
        venue: facts.event.venue,
        eventUrl: facts.event.url,
      });
    });
  }

  /** Queue calls wait for the answer's commit and never fail the member's request. */
  private afterCommit(work: () => Promise<void>): void {
    Transactions.afterCommit(() => {
      work().catch((error: unknown) => this.logger.warn(`reminder job: ${String(error)}`));
    });
  }
}

/** One job per member, event and start time: adding it twice adds it once. */
function jobId(job: ReminderJob): string {
  return `reminder.${job.eventId}.${job.userId}.${Date.parse(job.startsAt)}`;
}
