import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  AccountDataRegistry,
  withheldUntilConfirmed,
} from '../../common/account/account-data-registry';
import { AuthUser } from '../../common/auth/auth.decorators';
import { paginated, pageWindow } from '../../common/pagination/pagination';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../db/transactions';
import { AuditAction, AuditTargetType } from '../audit/audit.actions';
import { AuditService } from '../audit/audit.service';
import { MailOutcome, MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';
import {
  ContactMessageDto,
  ContactMessageListDto,
  ContactMessageStatus,
  ContactQueryDto,
  ContactResponseDto,
  CreateContactDto,
  toContactMessageDto,
} from './contact.dto';
import { ContactEmailCode, contactMessageNotFound } from './contact.errors';
import { ContactRepository } from './contact.repository';
import { contactMessages } from './contact.schema';

/** How long a send waits for the first delivery attempt before answering (spec: the email's status). */
export const CONTACT_MAIL_WAIT_MS = 5000;

/** The export's `contactMessages` while the account's address is unconfirmed. */
const UNCONFIRMED_MESSAGES = withheldUntilConfirmed(
  'Contact messages are found by the address they were sent from',
);

const THANK_YOU = 'Thank you for your message! We will get back to you soon.';

/** The contact form: store the message, email the admins through the outbox, report both. */
@Injectable()
export class ContactService implements OnModuleInit {
  private readonly logger = new Logger('ContactService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly messages: ContactRepository,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly accountData: AccountDataRegistry,
    private readonly transactions: Transactions,
  ) {}

  onModuleInit(): void {
    // Messages sent from the member's address are theirs: exported, and erased with the account.
    // The form takes any address, so only a confirmed one proves they are this account's; until
    // then they stay out of the export and stay in the admins' inbox when the account goes.
    this.accountData.register({
      key: 'contactMessages',
      tables: [contactMessages],
      export: async (owner) =>
        owner.emailConfirmed ? this.messages.fromAddress(owner.email) : UNCONFIRMED_MESSAGES,
      erase: async (owner) => {
        if (!owner.emailConfirmed) return;
        const ids = await this.messages.deleteFromAddress(owner.email);
        // The log keeps the status changes of those messages, without their sender.
        await this.audit.forgetTargets(AuditTargetType.CONTACT_MESSAGE, ids);
      },
    });
  }

  async send(dto: CreateContactDto): Promise<ContactResponseDto> {
    // Stored first: whatever happens to the email, the admins find the message in the console.
    const row = await this.messages.create({
      name: dto.name,
      email: dto.email,
      subject: dto.subject,
      message: dto.message,
    });
    const answer = { _id: row.id, msg: THANK_YOU, emailConfigured: this.mail.configured };
    const admins = await this.users.adminEmails();
    if (!admins.length) {
      return {
        ...answer,
        emailSent: false,
        emailError: {
          message: 'There is no administrator account to email',
          code: ContactEmailCode.NO_RECIPIENTS,
        },
      };
    }
    let outcome: MailOutcome;
    try {
      outcome = await this.mail.send('contactMessage', admins.join(', '), {
        name: dto.name,
        email: dto.email,
        subject: dto.subject,
        message: dto.message,
        adminUrl: `${this.config.publicUrl}/admin`,
      });
    } catch (error) {
      this.logger.warn(`contact ${row.id}: the email could not be queued: ${String(error)}`);
      return {
        ...answer,
        emailSent: false,
        emailError: {
          message: 'The email could not be queued',
          code: ContactEmailCode.EMAIL_QUEUE_UNAVAILABLE,
        },
      };
    }
    await this.messages.update(row.id, { mailMessageId: outcome.messageId });
    if (outcome.status === 'not_configured') {
      return { ...answer, emailSent: false, emailError: null };
    }
    const delivery = await this.mail.awaitDelivery(outcome.messageId, CONTACT_MAIL_WAIT_MS);
    if (delivery.status === 'sent') return { ...answer, emailSent: true, emailError: null };
    return {
      ...answer,
      emailSent: false,
      emailError: delivery.error ?? {
        message: 'The email is still being sent and will be retried',
        code: ContactEmailCode.EMAIL_PENDING,
      },
    };
  }

  async list(query: ContactQueryDto): Promise<ContactMessageListDto> {
    const window = pageWindow(query, 20);
    const { rows, total, unread } = await this.messages.list(query.status, window);
    const statuses = await this.mail.statuses(
      rows.map((row) => row.mailMessageId).filter((id): id is string => id !== null),
    );
    const items = rows.map((row) =>
      toContactMessageDto(row, row.mailMessageId ? statuses.get(row.mailMessageId) : undefined),
    );
    return { ...paginated('messages', items, total, window), unread };
  }

  async setStatus(
    admin: AuthUser,
    id: string,
    status: ContactMessageStatus,
  ): Promise<ContactMessageDto> {
    const current = await this.messages.findById(id);
    if (!current) {
      throw contactMessageNotFound();
    }
    const row =
      current.status === status
        ? current
        : await this.transactions.run(async () => {
            const updated = await this.messages.update(id, { status });
            await this.audit.record(admin, {
              action: AuditAction.CONTACT_MESSAGE_STATUS_CHANGED,
              target: {
                type: AuditTargetType.CONTACT_MESSAGE,
                id,
                label: `${current.subject} (${current.email})`,
              },
              details: { from: current.status, to: status },
            });
            return updated;
          });
    const statuses = current.mailMessageId
      ? await this.mail.statuses([current.mailMessageId])
      : new Map<string, string>();
    const final = row ?? current;
    return toContactMessageDto(
      final,
      final.mailMessageId ? statuses.get(final.mailMessageId) : undefined,
    );
  }
}
