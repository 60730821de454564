import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { DatabaseHandle } from '../../db/database';
import { DATABASE_HANDLE } from '../../db/database.module';
import { JOB_QUEUE, JobQueue } from '../queue/jobs';
import { Metrics } from './metrics';

/** Shared by every process: the PostgreSQL pool's clients and the job queue's counts. */
@Injectable()
export class InfrastructureMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    // The pool's three gauges, each one figure of the same reading (none where there is no pool).
    type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;
    const poolGauges: Array<[string, string, (stats: PoolStats) => number]> = [
      ['db_pool_clients_in_use', 'Database clients lent to a query now', (s) => s.total - s.idle],
      ['db_pool_clients_total', 'Database clients open now (in use or idle)', (s) => s.total],
      [
        'db_pool_waiting',
        'Queries waiting for a free database client (the pool is exhausted while above 0)',
        (s) => s.waiting,
      ],
    ];
    for (const [name, help, figure] of poolGauges) {
      this.metrics.gauge(name, help, () => {
        const stats = this.database.poolStats?.();
        return stats ? [{ value: figure(stats) }] : [];
      });
    }
    this.metrics.gauge(
      'queue_jobs',
      'Jobs in the queue by state (waiting, active, delayed, failed); shared by every process on one Redis',
      async () => {
        // A scrape while Redis is away leaves the gauge empty rather than failing the scrape.
        const counts = await this.queue.counts().catch(() => undefined);
        return Object.entries(counts ?? {}).map(([state, value]) => ({ labels: { state }, value }));
      },
      ['state'],
    );
  }
}
