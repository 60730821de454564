import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { withinDeadline } from '../../common/concurrency/deadline';
import { Metrics } from '../../common/metrics/metrics';
import type { DatabaseHandle } from '../../db/database';
import { DATABASE_HANDLE } from '../../db/database.module';
import { Lifecycle } from './lifecycle';

const DATABASE_PROBE_MS = 1000;

/** Readiness as a gauge (1 ready, 0 draining or without a database), as /api/health/ready says it. */
@Injectable()
export class HealthMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly lifecycle: Lifecycle,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge(
      'app_ready',
      '1 while this process is ready for traffic, 0 while draining or without its database',
      async () => [{ value: !this.lifecycle.draining && (await this.databaseAnswers()) ? 1 : 0 }],
    );
  }

  private databaseAnswers(): Promise<boolean> {
    return withinDeadline(() => this.database.ping(), DATABASE_PROBE_MS).then(
      () => true,
      () => false,
    );
  }
}
