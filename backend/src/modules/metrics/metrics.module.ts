import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';

/** GET /api/metrics; the metrics themselves live in common/metrics (every process has them). */
@Module({ controllers: [MetricsController] })
export class MetricsEndpointModule {}
