import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { GracefulShutdown, Lifecycle } from './lifecycle';
import { HealthMetrics } from './health.metrics';

@Module({
  controllers: [HealthController],
  providers: [Lifecycle, GracefulShutdown, HealthMetrics],
  exports: [Lifecycle],
})
export class HealthModule {}
