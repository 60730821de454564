import { Global, Module } from '@nestjs/common';
import { MailController } from './mail.controller';
import { MailRelay } from './mail.relay';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';

@Global()
@Module({
  controllers: [MailController],
  providers: [MailRepository, MailService, MailRelay],
  exports: [MailService],
})
export class MailModule {}
