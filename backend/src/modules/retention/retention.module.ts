import { Module } from '@nestjs/common';
import { RetentionService } from './retention.service';

/** The daily retention job over the outbox and the audit log (MAIL_/AUDIT_RETENTION_DAYS). */
@Module({ providers: [RetentionService], exports: [RetentionService] })
export class RetentionModule {}
