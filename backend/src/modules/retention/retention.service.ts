import { Inject, Injectable, Logger } from '@nestjs/common';
import { ScheduledJob } from '../../common/queue/daily-schedule';
import { DailyTime, JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditService } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';

/** When the daily pass runs (UTC): a quiet hour, off the hour that other schedules favour. */
export const RETENTION_AT: DailyTime = { hour: 3, minute: 17 };
/** The one scheduler id: every process upserts this same schedule, so it exists once. */
export const RETENTION_SCHEDULER_ID = 'retention.daily';
/** Rows per DELETE: each batch is a short statement of its own, so no long lock on a big table. */
export const RETENTION_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOutcome {
  mailDeleted: number;
  auditDeleted: number;
}

/**
 * Keeps `mail_messages` and `audit_log` from growing forever: a daily job deletes the mail that
 * is done with (sent, failed, not configured) after MAIL_RETENTION_DAYS and audit entries after
 * AUDIT_RETENTION_DAYS, a batch at a time. Queued mail is never deleted. The tables stay their
 * modules' own: this asks the mail and audit services to delete.
 */
@Injectable()
export class RetentionService extends ScheduledJob<'retention.purge'> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue() queue: JobQueue,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {
    super(
      config.processRole,
      queue,
      { schedulerId: RETENTION_SCHEDULER_ID, name: 'retention.purge', data: {}, at: RETENTION_AT },
      new Logger('Retention'),
    );
  }

  protected runJob(): Promise<RetentionOutcome> {
    return this.purge();
  }

  /** The job's handler: one pass over both tables, batch after batch until nothing is left. */
  async purge(now = new Date()): Promise<RetentionOutcome> {
    const { mailDays, auditDays } = this.config.retention;
    const mailCutoff = new Date(now.getTime() - mailDays * DAY_MS);
    const auditCutoff = new Date(now.getTime() - auditDays * DAY_MS);
    const mailDeleted = await inBatches((limit) =>
      this.mail.deleteFinishedBatchBefore(mailCutoff, limit),
    );
    const auditDeleted = await inBatches((limit) =>
      this.audit.deleteBatchBefore(auditCutoff, limit),
    );
    if (mailDeleted || auditDeleted) {
      this.logger.log(
        `deleted ${mailDeleted} mail message(s) older than ${mailDays} days and ${auditDeleted} audit entr(ies) older than ${auditDays} days`,
      );
    }
    return { mailDeleted, auditDeleted };
  }
}

/** Runs `deleteBatch` until a batch comes back short; the total deleted. */
async function inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(RETENTION_BATCH);
    total += deleted;
    if (deleted < RETENTION_BATCH) return total;
  }
}
