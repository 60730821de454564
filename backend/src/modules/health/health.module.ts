import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { GracefulShutdown, Lifecycle } from './lifecycle';

@Module({
  controllers: [HealthController],
  providers: [Lifecycle, GracefulShutdown],
  exports: [Lifecycle],
})
export class HealthModule {}
