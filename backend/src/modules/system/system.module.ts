import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { MediaModule } from '../media/media.module';
import { SystemController } from './system.controller';
import { FailedEmailsService } from './failed-emails.service';
import { ReplicaRegistry } from './replica-registry';
import { SystemService } from './system.service';

/** The admin console's System view (operations at a glance, without Prometheus); every process reports to it. */
@Module({
  imports: [HealthModule, MediaModule],
  controllers: [SystemController],
  providers: [SystemService, ReplicaRegistry, FailedEmailsService],
})
export class SystemModule {}
