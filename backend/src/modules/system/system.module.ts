import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { MediaModule } from '../media/media.module';
import { SystemController } from './system.controller';
import { SystemService } from './system.service';

/** The admin console's System view (operations at a glance, without Prometheus). */
@Module({
  imports: [HealthModule, MediaModule],
  controllers: [SystemController],
  providers: [SystemService],
})
export class SystemModule {}
