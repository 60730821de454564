import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { JobMap, JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import type { EventsMailTemplates } from '../mail/events.templates';
import { EventTime } from '../mail/event-time';
import { MailService } from '../mail/mail.service';
import { NotificationKind } from '../notifications/notification-kinds';
import { NotificationsService } from '../notifications/notifications.service';
import { PeriodicPass } from '../../common/concurrency/periodic-pass';
import { Clock } from './clock';
import { DueReminder, RemindersRepository } from './reminders.repository';

/** How long before an event its reminder goes. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** How often a worker looks in the database for reminders that have come due. */
export const REMINDER_SWEEP_MS = 60 * 1000;
/** Reminders sent per database read of a sweep; a sweep reads until none is left. */
const SWEEP_BATCH = 200;

/** What a reminder needs to know about one member and one event, read when it is due. */
export interface ReminderFacts {
  event: {
    startsAt: Date;
    cancelled: boolean;
    title: string;
    when: EventsMailTemplates['eventReminder']['when'];
    /** The start and the venue's zone, written in the reader's language when sent. */
    eventTime: EventTime;
    venue: EventsMailTemplates['eventReminder']['venue'];
    url: string;
  };
  /** Whether the member's answer is still going. */
  going: boolean;
  member: { email: string; name: string } | undefined;
}

/** The events module answers what a due reminder says (its texts, the member's address). */
export interface ReminderSource {
  facts(eventId: string, userId: string): Promise<ReminderFacts | undefined>;
}

type ReminderJob = JobMap['reminder.send'];

/**
 * Event reminders derived from the database (ADR 0021): every worker sweeps, each minute and at
 * its start, for members going to an event that starts within 24 hours and has not been reminded
 * of that start, and sends each reminder in one transaction with a sent-marker row whose key
 * (event, member, start) makes it once-only across sweeps, workers and restarts. Nothing waits in
 * memory or in Redis, so a restart, a Redis outage or an event two years ahead loses nothing.
 */
@Injectable()
export class RemindersService
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('Reminders');
  private source?: ReminderSource;
  private readonly passes = new PeriodicPass(
    'reminder sweep',
    REMINDER_SWEEP_MS,
    () => this.sweep(),
    this.logger,
  );

  constructor(
    @InjectQueue() private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: RemindersRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
  ) {}

  private get sweeps(): boolean {
    return this.config.processRole !== 'api';
  }

  onModuleInit(): void {
    // Delayed jobs of the earlier design may still wait in Redis: they are checked and claimed
    // like a sweep's reminders, so they send nothing twice.
    if (this.sweeps) this.queue.process('reminder.send', (job) => this.deliverJob(job));
  }

  onApplicationBootstrap(): void {
    if (this.sweeps) this.passes.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  useSource(source: ReminderSource): void {
    this.source = source;
  }

  /**
   * A member's answer, a seat or a move may have made a reminder due now: a sweep runs after the
   * change commits (in a process that sweeps), rather than at the next minute.
   */
  changed(startsAt: Date): void {
    if (!this.sweeps) return;
    const now = this.clock.now().getTime();
    if (startsAt.getTime() <= now || startsAt.getTime() - REMINDER_LEAD_MS > now) return;
    Transactions.afterCommit(() => this.passes.nudge());
  }

  /** Sends every reminder due at the clock's now; answers how many this call sent. */
  async sweep(): Promise<number> {
    if (!this.source) return 0;
    const now = this.clock.now();
    const until = new Date(now.getTime() + REMINDER_LEAD_MS);
    let sent = 0;
    for (;;) {
      const due = await this.reminders.due(now, until, SWEEP_BATCH);
      let batch = 0;
      for (const reminder of due) if (await this.deliver(reminder)) batch++;
      sent += batch;
      // A full batch that sent nothing would be read again as it is: the next sweep retries it.
      if (due.length < SWEEP_BATCH || batch === 0 || this.passes.stopped) return sent;
    }
  }

  /** A job of the earlier design: sent the same way, for the start it was made for. */
  private async deliverJob(job: ReminderJob): Promise<void> {
    await this.deliver({ ...job, startsAt: new Date(job.startsAt) });
  }

  /**
   * Sends one reminder if it is still wanted (the member going, the event not cancelled, moved or
   * started) and nobody sent it yet; true when this call sent it.
   */
  async deliver(reminder: DueReminder): Promise<boolean> {
    const facts = await this.source?.facts(reminder.eventId, reminder.userId);
    if (!facts?.member || !facts.going || facts.event.cancelled) return false;
    if (facts.event.startsAt.getTime() !== reminder.startsAt.getTime()) return false;
    if (facts.event.startsAt.getTime() <= this.clock.now().getTime()) return false;
    const member = facts.member;
    return this.transactions.run(async () => {
      const claimed = await this.reminders.markSent(
        reminder.eventId,
        reminder.userId,
        facts.event.startsAt,
      );
      if (!claimed) return false;
      const { event } = facts;
      await this.notifications.notify({
        userId: reminder.userId,
        kind: NotificationKind.eventReminder,
        target: { type: 'events', id: reminder.eventId },
        data: {
          title: event.title,
          startsAt: event.eventTime.startsAt,
          timeZone: event.eventTime.timeZone,
          venue:
            typeof event.venue === 'string'
              ? event.venue
              : [event.venue.name, event.venue.city].filter(Boolean).join(', '),
        },
        email: (unsubscribe) =>
          this.mail.send(
            'eventReminder',
            member.email,
            {
              name: member.name,
              eventTitle: event.title,
              when: event.when,
              eventTime: event.eventTime,
              venue: event.venue,
              eventUrl: event.url,
            },
            { unsubscribe },
          ),
      });
      return true;
    });
  }
}
