import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JobQueue } from '../../common/queue/jobs';
import { InjectQueue } from '../../common/queue/queue.module';
import { withinDeadline } from '../../common/concurrency/deadline';
import { PeriodicPass } from '../../common/concurrency/periodic-pass';
import { MailRepository } from './mail.repository';

/** How often the relay looks for messages still waiting, besides being nudged after each write. */
const POLL_MS = 1000;
const BATCH = 100;
/** A handover that takes longer than this means Redis is unwell: leave the rest for later. */
const HANDOVER_TIMEOUT_MS = 1000;
/** A message handed over this long ago and still queued was lost by Redis: hand it over again. */
const STALE_AFTER_MS = 10 * 60 * 1000;

/**
 * The outbox relay: requests only write messages (in their own transaction); this hands them to
 * the job queue, now when Redis answers, or later when it is back. No request waits for Redis.
 */
@Injectable()
export class MailRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly passes = new PeriodicPass(
    'outbox relay',
    POLL_MS,
    () => this.pass(),
    new Logger('MailRelay'),
  );

  constructor(
    @InjectQueue() private readonly queue: JobQueue,
    private readonly messages: MailRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** Asks for a pass soon; passes never overlap, and a nudge during one runs another after it. */
  nudge(): void {
    this.passes.nudge();
  }

  private async pass(): Promise<void> {
    for (;;) {
      const claimed = await this.messages.claimForQueue(BATCH, STALE_AFTER_MS);
      try {
        // One round trip for the batch; each job carries the trace of the request that wrote
        // its message (ADR 0065), and its id dedupes a message handed over twice.
        const jobs = claimed.map(({ id, traceparent }) => ({
          data: traceparent ? { messageId: id, traceparent } : { messageId: id },
          options: { jobId: id },
        }));
        await withinDeadline(() => this.queue.addMany('mail.send', jobs), HANDOVER_TIMEOUT_MS);
      } catch {
        // The queue is away: these wait in the outbox for the next pass.
        await this.messages.releaseClaims(claimed.map((message) => message.id));
        return;
      }
      if (claimed.length < BATCH || this.passes.stopped) return;
    }
  }
}
