import { Injectable, OnModuleInit } from '@nestjs/common';
import { Metrics } from '../../common/metrics/metrics';
import { MailRepository } from './mail.repository';

type OutboxState = Awaited<ReturnType<MailRepository['outboxState']>>;

/** The outbox's gauges: a backlog that grows, or an oldest message that ages, is a stuck relay. */
@Injectable()
export class MailMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly messages: MailRepository,
  ) {}

  onModuleInit(): void {
    // Both gauges are read by one scrape: they share the query in flight.
    let reading: Promise<OutboxState | undefined> | undefined;
    const state = () =>
      (reading ??= this.messages
        .outboxState()
        .catch(() => undefined)
        .finally(() => (reading = undefined)));
    this.metrics.gauge(
      'outbox_backlog',
      'Emails written but not yet sent (status queued)',
      async () => {
        const now = await state();
        return now ? [{ value: now.backlog }] : [];
      },
    );
    this.metrics.gauge(
      'outbox_oldest_age_seconds',
      'Age of the oldest email still queued; 0 when the outbox is empty',
      async () => {
        const now = await state();
        if (!now) return [];
        return [{ value: now.oldest ? (Date.now() - now.oldest.getTime()) / 1000 : 0 }];
      },
    );
  }
}
