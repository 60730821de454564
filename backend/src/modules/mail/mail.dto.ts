import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Language } from '../../common/language';
import { PageQueryDto } from '../../common/pagination/pagination';

/** Where a recorded email stands (the outbox's states). */
export enum MailStatus {
  QUEUED = 'queued',
  SENT = 'sent',
  FAILED = 'failed',
  NOT_CONFIGURED = 'not_configured',
}

export class MailQueryDto extends PageQueryDto {}

export class MailLinkDto {
  @ApiProperty({ example: 'https://example.org/verify-email#token=…' }) href: string;
  @ApiProperty({
    description:
      'A one-time credential (confirms an address, resets a password): pass it only to the member it was for',
  })
  secret: boolean;
}

export class MailMessageDto {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'Recipients, comma-separated' }) to: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'Which email it is (emailVerification, passwordReset…)' })
  template: string;
  @ApiPropertyOptional({ enum: Language, enumName: 'Language', nullable: true })
  language: Language | null;
  @ApiProperty({ enum: MailStatus, enumName: 'MailStatus' }) status: MailStatus;
  @ApiPropertyOptional({ nullable: true, description: 'The last failed attempt, when it failed' })
  error: string | null;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({ nullable: true }) sentAt: string | null;
  @ApiProperty({ type: [MailLinkDto], description: 'The web addresses the email links to' })
  links: MailLinkDto[];
}

export class MailMessageListDto {
  @ApiProperty({ type: [MailMessageDto] }) messages: MailMessageDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @ApiProperty({ description: 'SMTP is configured (SMTP_URL): emails are sent, not only recorded' })
  configured: boolean;
}
