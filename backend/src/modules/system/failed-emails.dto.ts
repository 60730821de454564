import { ApiProperty } from '@nestjs/swagger';
import type { MailMessageRow } from '../mail/mail.schema';

/** One email whose last attempt failed, as the System view lists it. */
export class FailedEmailDto {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'Recipients, comma-separated' }) to: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'Which email it is (emailVerification, passwordReset…)' })
  template: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The SMTP client's error of the last attempt",
  })
  error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Its code (ECONNECTION, EAUTH…)' })
  errorCode: string | null;
  @ApiProperty({ description: 'Delivery attempts made so far' }) attempts: number;
  @ApiProperty({ description: 'When the email was written' }) createdAt: string;
}

export class FailedEmailListDto {
  @ApiProperty({ type: [FailedEmailDto] }) emails: FailedEmailDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
}

/** A retried email: back in the outbox, queued for the worker. */
export class RetriedEmailDto {
  @ApiProperty() _id: string;
  @ApiProperty({ example: 'queued' }) status: string;
}

export function toFailedEmailDto(row: MailMessageRow): FailedEmailDto {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    error: row.error,
    errorCode: row.errorCode,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}
