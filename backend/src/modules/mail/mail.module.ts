import { Global, Module } from '@nestjs/common';
import { MailRelay } from './mail.relay';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailRepository, MailService, MailRelay], exports: [MailService] })
export class MailModule {}
