import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsEnum, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/pagination';
import { RequiredText } from '../../common/validation/text.decorators';
import { ContactMessageRow } from './contact.schema';

/** Field limits of the contact form. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** An admin's handling of a message: new, read, then handled. */
export enum ContactMessageStatus {
  NEW = 'new',
  READ = 'read',
  HANDLED = 'handled',
}

/** Where the email to the admins stands (the mail outbox's own states). */
export enum ContactEmailStatus {
  QUEUED = 'queued',
  SENT = 'sent',
  FAILED = 'failed',
  NOT_CONFIGURED = 'not_configured',
}

/** POST /contact: all four fields required (spec section 5). */
export class CreateContactDto {
  @ApiProperty({ maxLength: CONTACT_LIMITS.name })
  @RequiredText('Name', CONTACT_LIMITS.name)
  name: string;

  // Decorators apply bottom-up: "required" is checked before "valid".
  @ApiProperty({ maxLength: CONTACT_LIMITS.email })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @RequiredText('Email', CONTACT_LIMITS.email)
  email: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.subject })
  @RequiredText('Subject', CONTACT_LIMITS.subject)
  subject: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.message })
  @RequiredText('Message', CONTACT_LIMITS.message)
  message: string;
}

export class ContactEmailErrorDto {
  @ApiProperty() message: string;
  @ApiProperty({
    description:
      'NO_RECIPIENTS, EMAIL_PENDING, or the SMTP client code of the failed attempt (ECONNECTION, EAUTH…)',
  })
  code: string;
}

/** The answer to a send: the message is saved; the email's fate is reported beside it. */
export class ContactResponseDto {
  @ApiProperty() _id: string;
  @ApiProperty() msg: string;
  @ApiProperty({ description: 'The email to the admins was accepted by the SMTP server' })
  emailSent: boolean;
  @ApiProperty({ description: 'SMTP is configured on the server' }) emailConfigured: boolean;
  @ApiPropertyOptional({ type: ContactEmailErrorDto, nullable: true })
  emailError: ContactEmailErrorDto | null;
}

export class ContactQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ContactMessageStatus, enumName: 'ContactMessageStatus' })
  @IsOptional()
  @IsEnum(ContactMessageStatus, { message: 'status must be new, read or handled' })
  status?: ContactMessageStatus;
}

export class UpdateContactStatusDto {
  @ApiProperty({ enum: ContactMessageStatus, enumName: 'ContactMessageStatus' })
  @IsEnum(ContactMessageStatus, { message: 'status must be new, read or handled' })
  status: ContactMessageStatus;
}

export class ContactMessageDto {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() subject: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ContactMessageStatus, enumName: 'ContactMessageStatus' })
  status: ContactMessageStatus;
  @ApiPropertyOptional({ enum: ContactEmailStatus, enumName: 'ContactEmailStatus', nullable: true })
  emailStatus: ContactEmailStatus | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class ContactMessageListDto {
  @ApiProperty({ type: [ContactMessageDto] }) messages: ContactMessageDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @ApiProperty({ description: 'Messages not yet opened, whatever the filter' }) unread: number;
}

export function toContactMessageDto(
  row: ContactMessageRow,
  emailStatus: string | undefined,
): ContactMessageDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactMessageStatus,
    emailStatus: (emailStatus as ContactEmailStatus | undefined) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
