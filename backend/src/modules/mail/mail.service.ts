import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { MailRepository } from './mail.repository';
import { MailTemplate, MailTemplates, renderMail } from './mail.templates';
import { createMailTransport } from './mail.transport';

export interface MailOutcome {
  /** queued for sending, or not_configured when SMTP_URL is unset */
  status: 'queued' | 'not_configured';
  messageId: string;
}

/** Records every email and hands it to the queue; the worker sends it over SMTP with retries. */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('MailService');
  private readonly transport: Transporter | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue() private readonly queue: JobQueue,
    private readonly messages: MailRepository,
  ) {
    this.transport = createMailTransport(config.smtpUrl);
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  onModuleInit(): void {
    if (this.config.processRole !== 'api') {
      this.queue.process('mail.send', ({ messageId }) => this.deliver(messageId));
    }
  }

  async send<T extends MailTemplate>(
    template: T,
    to: string,
    payload: MailTemplates[T],
  ): Promise<MailOutcome> {
    const { subject } = renderMail(template, payload);
    const status = this.configured ? 'queued' : 'not_configured';
    const message = await this.messages.create({
      to,
      subject,
      template,
      payload: payload as unknown as Record<string, unknown>,
      status,
    });
    if (this.configured) await this.queue.add('mail.send', { messageId: message.id });
    return { status, messageId: message.id };
  }

  /** The job handler: idempotent, a message already sent is not sent again. */
  async deliver(messageId: string): Promise<void> {
    const message = await this.messages.findById(messageId);
    if (!message || message.status === 'sent' || !this.transport) return;
    const rendered = renderMail(
      message.template as MailTemplate,
      message.payload as unknown as MailTemplates[MailTemplate],
    );
    try {
      await this.transport.sendMail({ from: this.config.mailFrom, to: message.to, ...rendered });
      await this.messages.markAttempt(messageId, 'sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.messages.markAttempt(messageId, 'failed', reason);
      this.logger.warn(`mail ${messageId} to ${message.to} failed: ${reason}`);
      throw error;
    }
  }
}
