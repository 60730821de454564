import { Inject, Injectable, Logger } from '@nestjs/common';
import { ScheduledJob } from '../../common/queue/daily-schedule';
import { HourlyTime, JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import { MailService } from '../mail/mail.service';
import type { WeeklyDigest as WeeklyDigestMail } from '../mail/notifications.templates';
import { UsersService } from '../users/users.service';
import { NotificationsService } from './notifications.service';
import { DueMember, WeeklyDigestRepository } from './weekly-digest.repository';

const SCHEDULER_ID = 'notifications-weekly-digest';
/** Every hour on the hour: each zone's 08:00 is some hour's :00 (half-hour zones get 08:30). */
export const WEEKLY_TICK_AT: HourlyTime = { minute: 0 };
const BATCH = 200;

/**
 * The weekly digest (ADR 0072): an hourly tick on the queue's job scheduler (it survives restarts
 * and runs once across replicas) emails each member who opted in, on Monday from 08:00 in their
 * time zone, once per week, through the outbox.
 */
@Injectable()
export class WeeklyDigest extends ScheduledJob<'notifications.weekly'> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue() queue: JobQueue,
    private readonly repository: WeeklyDigestRepository,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
  ) {
    super(
      config.processRole,
      queue,
      { schedulerId: SCHEDULER_ID, name: 'notifications.weekly', data: {}, at: WEEKLY_TICK_AT },
      new Logger('WeeklyDigest'),
    );
  }

  protected runJob(): Promise<number> {
    return this.send();
  }

  /** Sends every digest due at `now`; answers how many members were emailed. */
  async send(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.repository.due(now, BATCH);
      for (const member of due) if (await this.sendTo(member, now)) sent++;
      if (due.length < BATCH) return sent;
    }
  }

  /**
   * One member's week: claimed and queued in one transaction, so a failed email leaves the week
   * to the next tick and two workers cannot both send it. An empty week is claimed, not emailed.
   */
  private sendTo({ userId, week }: DueMember, now: Date): Promise<boolean> {
    return this.transactions.run(async () => {
      if (!(await this.repository.claim(userId, week))) return false;
      const member = await this.users.findById(userId);
      if (!member) return false;
      const digest = await this.contentFor(member, now);
      if (!digest.events.length && !digest.articles.length && !digest.listings.length) return false;
      await this.mail.send('weeklyDigest', member.email, digest, {
        unsubscribe: this.notifications.unsubscribeFor(userId, 'weekly'),
      });
      return true;
    });
  }

  private async contentFor(
    member: { name: string; country: string | null },
    now: Date,
  ): Promise<WeeklyDigestMail> {
    const site = this.config.publicUrl;
    // One after another: inside the transaction they share one connection.
    const events = member.country ? await this.repository.upcomingEvents(member.country, now) : [];
    const articles = await this.repository.newArticles(now);
    const listings = await this.repository.newListings(now);
    return {
      name: member.name,
      country: member.country,
      events: events.map((event) => ({
        title: event.title,
        time: { startsAt: event.startsAt.toISOString(), timeZone: event.timeZone },
        place: { name: event.venueName, city: event.city, country: event.country },
        url: `${site}/events/${event.id}`,
      })),
      articles: articles.map((article) => ({
        title: article.title,
        url: `${site}/news/${article.id}`,
      })),
      listings: listings.map((listing) => ({
        title: listing.name,
        url: `${site}/directory/${listing.id}`,
      })),
      siteUrl: site,
    };
  }
}
