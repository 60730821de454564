import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { PageQueryDto, paginated, pageWindow } from '../../common/pagination/pagination';
import { Transactions } from '../../db/transactions';
import { AuditAction, AuditTargetType } from '../audit/audit.actions';
import { AuditService } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';
import { FailedEmailListDto, RetriedEmailDto, toFailedEmailDto } from './failed-emails.dto';

/** The System view's failed emails: listed for admins, and put back in the outbox (audited). */
@Injectable()
export class FailedEmailsService {
  constructor(
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async list(query: PageQueryDto): Promise<FailedEmailListDto> {
    const window = pageWindow(query, 20);
    const { rows, total } = await this.mail.failedPage(window);
    return paginated('emails', rows.map(toFailedEmailDto), total, window);
  }

  /** The email goes back to the outbox and the audit entry is written in one transaction. */
  retry(admin: AuthUser, id: string): Promise<RetriedEmailDto> {
    return this.transactions.run(async () => {
      const email = await this.mail.retry(id);
      // Labelled by the kind of email, not its recipient: the log outlives a deleted account.
      await this.audit.record(admin, {
        action: AuditAction.EMAIL_RETRIED,
        target: { type: AuditTargetType.EMAIL, id, label: email.template },
        details: { attempts: String(email.attempts) },
      });
      return { _id: email.id, status: email.status };
    });
  }
}
