import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { InfrastructureMetrics } from './infrastructure-metrics';

/** This process's metrics (see Metrics), with the database pool's and the job queue's gauges. */
@Global()
@Module({ providers: [Metrics, InfrastructureMetrics], exports: [Metrics] })
export class MetricsModule {}
