import { Inject, Injectable } from '@nestjs/common';
import { withinDeadline } from '../../common/concurrency/deadline';
import { JOB_QUEUE, JobQueue } from '../../common/queue/jobs';
import type { DatabaseHandle } from '../../db/database';
import { DATABASE_HANDLE } from '../../db/database.module';
import { MailService } from '../mail/mail.service';
import { MediaService } from '../media/media.service';
import { ReplicaRegistry } from './replica-registry';
import { DependencyDto, OutboxStateDto, QueueStateDto, SystemDto } from './system.dto';

/** A probe gives up after this: the view answers even while a dependency hangs. */
const PROBE_MS = 2000;

/** Runs a probe with a deadline; says how long it took, or that it failed. */
async function timed(check: () => Promise<unknown>): Promise<{ up: boolean; ms: number }> {
  const started = performance.now();
  const up = await withinDeadline(check, PROBE_MS).then(
    () => true,
    () => false,
  );
  return { up, ms: Math.round(performance.now() - started) };
}

/** The admin console's System view: each dependency's probe, the queue, the outbox, this replica. */
@Injectable()
export class SystemService {
  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly mail: MailService,
    private readonly media: MediaService,
    private readonly replicas: ReplicaRegistry,
  ) {}

  async state(): Promise<SystemDto> {
    const [dependencies, queue, outbox, replicas] = await Promise.all([
      this.dependencies(),
      this.queueState(),
      this.outboxState(),
      this.replicas.all(),
    ]);
    return {
      checkedAt: new Date().toISOString(),
      dependencies,
      queue,
      outbox,
      replica: this.replicas.self(),
      replicas,
    };
  }

  private dependencies(): Promise<DependencyDto[]> {
    const probe = async (
      name: DependencyDto['name'],
      driver: string,
      check: (() => Promise<unknown>) | undefined,
    ): Promise<DependencyDto> => {
      if (!check) return { name, driver, status: 'not_configured', latencyMs: null };
      const { up, ms } = await timed(check);
      return { name, driver, status: up ? 'up' : 'down', latencyMs: ms };
    };
    const redis = this.queue.kind === 'bullmq';
    return Promise.all([
      probe('database', this.database.driver, () => this.database.ping()),
      probe('redis', this.queue.kind, redis ? () => this.queue.ping() : undefined),
      probe('smtp', 'smtp', this.mail.configured ? () => this.mail.verifyTransport() : undefined),
      probe('objectStore', this.media.storeKind, () => this.media.pingStore()),
    ]);
  }

  private async queueState(): Promise<QueueStateDto | null> {
    try {
      const counts = await this.queue.counts();
      return {
        driver: this.queue.kind,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
      };
    } catch {
      return null;
    }
  }

  private async outboxState(): Promise<OutboxStateDto | null> {
    try {
      const { backlog, oldest } = await this.mail.outboxState();
      return {
        backlog,
        oldestAgeSeconds: oldest
          ? Math.max(0, Math.round((Date.now() - oldest.getTime()) / 1000))
          : null,
      };
    } catch {
      return null;
    }
  }
}
