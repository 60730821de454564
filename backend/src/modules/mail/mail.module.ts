import { Global, Module } from '@nestjs/common';
import { MailController } from './mail.controller';
import { MailRelay } from './mail.relay';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MailMetrics } from './mail.metrics';

@Global()
@Module({
  controllers: [MailController],
  providers: [MailRepository, MailService, MailRelay, MailMetrics],
  exports: [MailService],
})
export class MailModule {}
