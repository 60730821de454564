import { Global, Module } from '@nestjs/common';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';

@Global()
@Module({ providers: [MailRepository, MailService], exports: [MailService] })
export class MailModule {}
