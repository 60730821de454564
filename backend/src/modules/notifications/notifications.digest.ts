import { Inject, Injectable, Logger } from '@nestjs/common';
import { ScheduledJob } from '../../common/queue/daily-schedule';
import { HourlyTime, JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import { MailService } from '../mail/mail.service';
import type { DigestItem } from '../mail/notifications.templates';
import { UsersService } from '../users/users.service';
import { NotificationsRepository } from './notifications.repository';
import { NotificationRow } from './notifications.schema';
import { NotificationsService } from './notifications.service';

const SCHEDULER_ID = 'notifications-daily-digest';
/** Every hour on the hour: each member's digest goes at the tick of their local 06:00 (ADR 0072). */
export const DIGEST_TICK_AT: HourlyTime = { minute: 0 };
/** The member's local hour of the daily digest. */
export const DIGEST_HOUR = 6;
const BATCH = 200;

/**
 * The daily digest (ADR 0062): the notifications a member chose to receive "daily" are emailed
 * together once a day at 06:00 in their time zone (ADR 0072), through the queue's job scheduler
 * ticking hourly, so it survives restarts and runs once across replicas and workers.
 */
@Injectable()
export class NotificationsDigest extends ScheduledJob<'notifications.digest'> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue() queue: JobQueue,
    private readonly repository: NotificationsRepository,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
  ) {
    super(
      config.processRole,
      queue,
      { schedulerId: SCHEDULER_ID, name: 'notifications.digest', data: {}, at: DIGEST_TICK_AT },
      new Logger('NotificationsDigest'),
    );
  }

  protected runJob(): Promise<number> {
    return this.send();
  }

  /** Sends the waiting digests of members whose local 06:00 hour it is; answers how many. */
  async send(now = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const members = await this.repository.digestMembers(now, DIGEST_HOUR, BATCH);
      for (const userId of members) if (await this.sendTo(userId)) sent++;
      if (members.length < BATCH) return sent;
    }
  }

  /** One member's digest: the rows leave the digest and the email is queued in one transaction. */
  private sendTo(userId: string): Promise<boolean> {
    return this.transactions.run(async () => {
      const rows = await this.repository.takeDigest(userId);
      const member = await this.users.findById(userId);
      if (!rows.length || !member) return false;
      await this.mail.send(
        'notificationDigest',
        member.email,
        {
          name: member.name,
          items: rows.map((row) => this.itemOf(row)),
          notificationsUrl: `${this.config.publicUrl}/notifications`,
        },
        { unsubscribe: this.notifications.unsubscribeFor(userId, 'digest') },
      );
      return true;
    });
  }

  private itemOf(row: NotificationRow): DigestItem {
    const link = this.notifications.linkOf(row);
    return {
      kind: row.kind,
      title: row.data.title ?? '',
      actorName: row.data.actorName,
      reason: row.data.reason ?? undefined,
      url: link ? `${this.config.publicUrl}${link}` : undefined,
    };
  }
}
