import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import QRCode from 'qrcode';
import {
  AccountDataRegistry,
  withheldUntilConfirmed,
} from '../../common/account/account-data-registry';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { normaliseEmail } from '../../common/email';
import { JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { DEFAULT_LANGUAGE, Language } from '../../common/language';
import { paginated, PageWindow, pageWindow } from '../../common/pagination/pagination';
import { MailMessageDto, MailMessageListDto, MailQueryDto, MailStatus } from './mail.dto';
import {
  emailNotFailed,
  emailNotFound,
  MailDeliveryCode,
  publicDeliveryMessage,
} from './mail.errors';
import { Transactions } from '../../db/transactions';
import { MailRelay } from './mail.relay';
import { MailRepository } from './mail.repository';
import {
  MailTemplate,
  MailTemplates,
  mailSubject,
  renderMail,
  renderMailCopy,
  secretLinkOf,
  UNSUBSCRIBE_KEY,
} from './mail.templates';
import type { MailUnsubscribe } from './mail.layout';
import { mailMessages, type MailMessageRow } from './mail.schema';
import { createMailTransport } from './mail.transport';
import { currentTraceparent } from '../../common/tracing/trace-context';
import type { MailCalendar, MailQrCode } from './mail.layout';

/** Where a message stands: sent, failed (with the SMTP error), still queued, or not configured. */
export interface MailDelivery {
  status: 'queued' | 'sent' | 'failed' | 'not_configured';
  error?: { message: string; code: string };
}

/** The chosen languages of these addresses' accounts (addresses without an account are absent). */
export type RecipientLanguages = (addresses: string[]) => Promise<Map<string, Language>>;

/** The export's `emails` while the account's address is unconfirmed. */
const UNCONFIRMED_EMAILS = withheldUntilConfirmed(
  'Emails are found by the address they were sent to',
);

export interface MailOutcome {
  /** queued for sending, or not_configured when SMTP_URL is unset */
  status: 'queued' | 'not_configured';
  messageId: string;
}

/**
 * Records every email in the outbox (inside the caller's transaction when there is one); the
 * relay hands it to the queue and the worker sends it over SMTP with retries.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('MailService');
  private readonly transport: Transporter | undefined;
  private recipientLanguages: RecipientLanguages = async () => new Map();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue() private readonly queue: JobQueue,
    private readonly messages: MailRepository,
    private readonly relay: MailRelay,
    private readonly accountData: AccountDataRegistry,
  ) {
    this.transport = createMailTransport(config.smtpUrl);
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  onModuleInit(): void {
    // The outbox rows to a member (and those carrying their address) are their personal data, but
    // rows are found by address: only a confirmed address proves they are this account's.
    this.accountData.register({
      key: 'emails',
      tables: [mailMessages],
      export: async (owner) => {
        if (!owner.emailConfirmed) return UNCONFIRMED_EMAILS;
        return (await this.messages.sentTo(owner.email, owner.createdAt)).map((message) => {
          const language = message.language ?? DEFAULT_LANGUAGE;
          const copy = renderMailCopy(
            message.template as MailTemplate,
            message.payload as unknown as MailTemplates[MailTemplate],
            language,
          );
          return {
            to: message.to,
            subject: message.subject,
            template: message.template,
            language,
            status: message.status,
            createdAt: message.createdAt,
            sentAt: message.sentAt,
            body: copy.text,
            ...(copy.linkWithheld ? { linkWithheld: true } : {}),
          };
        });
      },
      // What was sent to the account since it was created goes; what carries the address in its
      // payload (the admins' copy of a contact message) only once the address is confirmed.
      erase: (owner) =>
        this.messages.deleteOfAccount(owner.email, owner.createdAt, {
          mentioning: owner.emailConfirmed,
        }),
    });
    if (this.config.processRole !== 'api') {
      this.queue.process('mail.send', ({ messageId }) => this.deliver(messageId));
    }
  }

  /** Resolves when the SMTP server accepts a connection (and the credentials); rejects otherwise. */
  async verifyTransport(): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is unset');
    await this.transport.verify();
  }

  /** The outbox now: how many emails wait and when the oldest was written. */
  outboxState(): Promise<{ backlog: number; oldest: Date | null }> {
    return this.messages.outboxState();
  }

  /** The users module tells the mail module where to find each recipient's language. */
  useRecipientLanguages(resolver: RecipientLanguages): void {
    this.recipientLanguages = resolver;
  }

  /**
   * Records the message in `options.language`, or else (language left null) in the language its
   * recipients chose on their profiles, looked up by the worker when it sends: no extra query
   * inside the caller's transaction, which may hold a lock (an RSVP holds the event's row).
   */
  async send<T extends MailTemplate>(
    template: T,
    to: string,
    payload: MailTemplates[T],
    /** `unsubscribe`: a non-transactional email's one-click link and preferences page (ADR 0062). */
    options: { language?: Language; unsubscribe?: MailUnsubscribe } = {},
  ): Promise<MailOutcome> {
    const stored = options.unsubscribe
      ? { ...payload, [UNSUBSCRIBE_KEY]: options.unsubscribe }
      : payload;
    const [outcome] = await this.sendMany(template, [{ to, payload: stored }], options.language);
    return outcome;
  }

  /**
   * One template to many recipients, recorded in one statement (as `send`, each in `language` or
   * else their own): a storm's batch of Going answers writes its confirmations so while it holds
   * the event's row. Only the subject is rendered here; the worker lays out the email.
   */
  async sendMany<T extends MailTemplate>(
    template: T,
    messages: { to: string; payload: MailTemplates[T] }[],
    language: Language | null = null,
  ): Promise<MailOutcome[]> {
    if (!messages.length) return [];
    const status = this.configured ? 'queued' : 'not_configured';
    const traceparent = currentTraceparent() ?? null;
    const rows = messages.map(({ to, payload }) => ({
      id: randomUUID(),
      to,
      subject: mailSubject(template, payload, language ?? DEFAULT_LANGUAGE),
      template,
      payload: payload as unknown as Record<string, unknown>,
      language,
      status,
      traceparent,
    }));
    await this.messages.create(rows);
    // The relay hands them to the queue once the rows are committed; the request never waits on Redis.
    if (this.configured) Transactions.afterCommit(() => this.relay.nudge());
    else if (!this.config.isProduction) {
      Transactions.afterCommit(() => {
        for (const { to, payload } of messages) {
          this.logUnsent(template, to, payload, language).catch((error: unknown) =>
            this.logger.warn(`could not log the unsent email to ${to}: ${String(error)}`),
          );
        }
      });
    }
    return rows.map(({ id }) => ({ status, messageId: id }));
  }

  /**
   * Development without SMTP: the email's links go to the server log, so whoever runs it can still
   * confirm an address or reset a password. Never in production, where links are credentials.
   */
  private async logUnsent<T extends MailTemplate>(
    template: T,
    to: string,
    payload: MailTemplates[T],
    language: Language | null,
  ): Promise<void> {
    const rendered = renderMail(template, payload, language ?? (await this.languageFor(to)));
    const links = rendered.links.length ? rendered.links.join(' ') : '(none)';
    this.logger.log(
      `Email not sent (SMTP_URL is unset): "${rendered.subject}" to ${to}; links: ${links}`,
    );
  }

  /**
   * Waits up to `timeoutMs` for the worker's first attempt (it may run in another process, so the
   * outbox row is the one place to look), then reports where the message stands.
   */
  async awaitDelivery(messageId: string, timeoutMs: number): Promise<MailDelivery> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await this.messages.findById(messageId);
      if (!message)
        return {
          status: 'failed',
          error: { message: 'Unknown message', code: MailDeliveryCode.EMAIL_UNKNOWN },
        };
      if (message.status !== 'queued' || Date.now() >= deadline) {
        const status = message.status as MailDelivery['status'];
        return status === 'failed'
          ? {
              status,
              error: {
                message: publicDeliveryMessage(
                  message.errorCode ?? MailDeliveryCode.EMAIL_SEND_FAILED,
                ),
                code: message.errorCode ?? MailDeliveryCode.EMAIL_SEND_FAILED,
              },
            }
          : { status };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async languageFor(to: string): Promise<Language> {
    const addresses = to
      .split(',')
      .map((address) => normaliseEmail(address))
      .filter(Boolean);
    const known = await this.recipientLanguages(addresses);
    const chosen = new Set(addresses.map((address) => known.get(address) ?? DEFAULT_LANGUAGE));
    return chosen.size === 1 ? [...chosen][0] : DEFAULT_LANGUAGE;
  }

  /**
   * Retention: deletes one batch (up to `limit`) of the messages done with (sent, failed, not
   * configured) recorded before `cutoff`. Queued messages stay whatever their age.
   */
  deleteFinishedBatchBefore(cutoff: Date, limit: number): Promise<number> {
    return this.messages.deleteFinishedBefore(cutoff, limit);
  }

  /** The admins' view of the outbox: each email with its links, one-time ones marked secret. */
  async list(query: MailQueryDto): Promise<MailMessageListDto> {
    const window = pageWindow(query, 20);
    const { rows, total } = await this.messages.page(window);
    return {
      ...paginated('messages', rows.map(toMailMessageDto), total, window),
      configured: this.configured,
    };
  }

  /** The failed emails, newest first (the admin console's System view). */
  failedPage(window: PageWindow): Promise<{ rows: MailMessageRow[]; total: number }> {
    return this.messages.failedPage(window);
  }

  /**
   * Puts a failed email back in the outbox (inside the caller's transaction): the relay hands it
   * to the queue and the worker sends it exactly as a new one. 404 unknown, 409 not failed.
   */
  async retry(id: string): Promise<MailMessageRow> {
    const current = await this.messages.findById(id);
    if (!current) throw emailNotFound();
    if (current.status !== 'failed') throw emailNotFailed(current.status);
    // The queue keeps a spent job under the message's id and adds nothing under an id it holds.
    await this.queue.remove(id);
    const requeued = await this.messages.requeueFailed(id);
    if (!requeued) throw emailNotFailed('no longer failed');
    Transactions.afterCommit(() => this.relay.nudge());
    return requeued;
  }

  /** Delivery status of these messages by id (absent ids are missing from the map). */
  async statuses(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.messages.statuses([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  /** The job handler: idempotent, a message already sent is not sent again. */
  async deliver(messageId: string): Promise<void> {
    const message = await this.messages.findById(messageId);
    if (!message || message.status === 'sent' || !this.transport) return;
    const language = message.language ?? (await this.languageFor(message.to));
    const rendered = renderMail(
      message.template as MailTemplate,
      message.payload as unknown as MailTemplates[MailTemplate],
      language,
    );
    const { links: _links, qrCode, calendar, ...mail } = rendered;
    try {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        to: message.to,
        ...mail,
        attachments: [
          ...(qrCode ? [await qrCodeAttachment(qrCode)] : []),
          ...(calendar ? [calendarAttachment(calendar)] : []),
        ],
      });
      await this.messages.markAttempt(messageId, 'sent', undefined, {
        language,
        subject: rendered.subject,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown }).code;
      await this.messages.markAttempt(messageId, 'failed', {
        message: reason,
        code: typeof code === 'string' ? code : undefined,
      });
      this.logger.warn(`mail ${messageId} to ${message.to} failed: ${reason}`);
      throw error;
    }
  }
}

/** A QR code as an inline PNG part the HTML shows by its content id (mail clients block remote images). */
async function qrCodeAttachment(qrCode: MailQrCode) {
  return {
    filename: 'ticket-qr.png',
    // 8 pixels a module (about 330 px, shown at 240): a tenth of the time a 480 px resize takes.
    content: await QRCode.toBuffer(qrCode.value, { type: 'png', scale: 8, margin: 2 }),
    contentType: 'image/png',
    contentDisposition: 'inline' as const,
    cid: qrCode.cid,
  };
}

/** The event's calendar file as an attachment calendars import (PUBLISH: an entry, not an invitation). */
function calendarAttachment(calendar: MailCalendar) {
  return {
    filename: calendar.filename,
    content: calendar.content,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

function toMailMessageDto(row: MailMessageRow): MailMessageDto {
  const template = row.template as MailTemplate;
  const payload = row.payload as unknown as MailTemplates[MailTemplate];
  const secret = secretLinkOf(template, payload);
  let links: string[] = [];
  try {
    ({ links } = renderMail(template, payload, row.language ?? DEFAULT_LANGUAGE));
  } catch {
    // A row of a template no longer known (or a payload it no longer reads) is listed bare.
  }
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    language: row.language,
    status: row.status as MailStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    links: links.map((href) => ({ href, secret: href === secret })),
  };
}
