import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../common/pagination/pagination';
import { EmailFrequency, NotificationKind, NOTIFICATION_KINDS } from './notification-kinds';

export class NotificationQueryDto extends PageQueryDto {}

/** What the words of a notification need (names as they were when it happened). */
export class NotificationDataDto {
  @ApiPropertyOptional({ description: 'The item: event, listing or course title' }) title?: string;
  @ApiPropertyOptional({ description: 'Who did it (the replier)' }) actorName?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'A rejection reason' })
  reason?: string | null;
  @ApiPropertyOptional({ description: "An enrolment's new status" }) status?: string;
  @ApiPropertyOptional({ description: 'A cancelled event: whether the ticket was refunded' })
  refunded?: boolean;
  @ApiPropertyOptional({ description: "A changed event's start (ISO time)" }) startsAt?: string;
  @ApiPropertyOptional({ description: "A changed event's time zone (IANA)" }) timeZone?: string;
  @ApiPropertyOptional({ description: "A changed event's venue" }) venue?: string;
  @ApiPropertyOptional({ description: 'The start of a reply' }) excerpt?: string;
}

export class NotificationDto {
  @ApiProperty() _id: string;
  @ApiProperty({ enum: NotificationKind, enumName: 'NotificationKind' }) kind: NotificationKind;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The page it opens, e.g. /events/<id>; null when the item is gone',
  })
  link: string | null;
  @ApiProperty({
    description:
      'The item (or the comment) it is about was deleted since: there is nothing to open',
  })
  targetGone: boolean;
  @ApiProperty({ type: NotificationDataDto }) data: NotificationDataDto;
  @ApiProperty() read: boolean;
  @ApiProperty() createdAt: string;
}

export class NotificationListDto {
  @ApiProperty({ type: [NotificationDto] }) notifications: NotificationDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() totalPages: number;
  @ApiProperty({ description: 'Unread notifications in all pages' }) unread: number;
}

export class UnreadCountDto {
  @ApiProperty() unread: number;
}

export class MarkedReadDto {
  @ApiProperty() unread: number;
}

export class NotificationPreferenceDto {
  @ApiProperty({ enum: NotificationKind, enumName: 'NotificationKind' })
  @IsEnum(NotificationKind, { message: `kind must be one of ${NOTIFICATION_KINDS.join(', ')}` })
  kind: NotificationKind;

  @ApiProperty({ description: 'Shown in the page (the bell and the list)' })
  @IsBoolean({ message: 'inPage must be true or false' })
  inPage: boolean;

  @ApiProperty({ enum: EmailFrequency, enumName: 'EmailFrequency' })
  @IsEnum(EmailFrequency, { message: 'email must be immediately, daily or never' })
  email: EmailFrequency;
}

export class NotificationPreferenceStateDto extends NotificationPreferenceDto {
  @ApiProperty({
    description: 'A transactional email (a cancellation with its refund): it cannot be turned off',
  })
  emailLocked: boolean;
}

export class NotificationPreferencesDto {
  @ApiProperty({ type: [NotificationPreferenceStateDto] })
  preferences: NotificationPreferenceStateDto[];
  @ApiProperty({
    description:
      'The weekly digest (upcoming events in my country, new articles and listings), Monday 08:00 in my time zone; off until chosen',
  })
  weeklyDigest: boolean;
}

export class UpdateNotificationPreferencesDto {
  @ApiProperty({ type: [NotificationPreferenceDto] })
  @IsArray({ message: 'preferences must be a list' })
  // A list inside the list would pass as nested (class-validator walks arrays): each is an object.
  @IsObject({ each: true, message: 'each preference must be an object' })
  @ArrayMaxSize(NOTIFICATION_KINDS.length, { message: 'preferences has a kind more than once' })
  @ValidateNested({ each: true })
  @Type(() => NotificationPreferenceDto)
  preferences: NotificationPreferenceDto[];

  @ApiPropertyOptional({ description: 'Turns the weekly digest on or off; unchanged when absent' })
  @IsOptional()
  @IsBoolean({ message: 'weeklyDigest must be true or false' })
  weeklyDigest?: boolean;
}

export class UnsubscribeQueryDto {
  @ApiProperty({ description: "The signed token of the email's List-Unsubscribe link" })
  @IsString({ message: 'token is required' })
  @MaxLength(300, { message: 'token is not one this site gave out' })
  token: string;
}

export class UnsubscribedDto {
  @ApiProperty() msg: string;
  @ApiProperty({
    description:
      "The kind turned off, `digest` (every kind emailed daily) for the daily digest's link, or `weekly` for the weekly digest's",
  })
  kind: string;
}
