import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsISO8601,
  IsOptional,
  ValidateNested,
} from 'class-validator';
import { Language } from '../../common/language';
import { RequiredText } from '../../common/validation/text.decorators';
import { CHECK_IN_RESULTS, SYNC_RESULTS } from './check-in.rules';
import { TICKET_TYPES } from './events.schema';

/** The longest code the door sends: a ticket code is 70 characters; a scan may read junk. */
const MAX_CODE = 200;
/** One sync carries at most this many queued check-ins; a longer queue syncs in batches. */
export const MAX_SYNC_BATCH = 500;

export class CheckInRequestDto {
  @ApiProperty({ description: 'The ticket code read from the QR code (or picked by search)' })
  @RequiredText('code', MAX_CODE)
  code: string;

  @ApiPropertyOptional({ enum: ['scan', 'search'], enumName: 'CheckInSource', default: 'scan' })
  @IsOptional()
  @IsIn(['scan', 'search'], { message: 'source must be scan or search' })
  source?: 'scan' | 'search';
}

export class QueuedCheckInDto {
  @ApiProperty() @RequiredText('code', MAX_CODE) code: string;

  @ApiProperty({ format: 'date-time', description: 'When the door scanned it, offline' })
  @IsISO8601({ strict: true }, { message: 'scannedAt must be a date and time' })
  scannedAt: string;
}

export class CheckInSyncDto {
  @ApiProperty({ type: [QueuedCheckInDto], maxItems: MAX_SYNC_BATCH })
  @IsArray({ message: 'checkIns must be a list' })
  @ArrayMaxSize(MAX_SYNC_BATCH, {
    message: `checkIns can have at most ${MAX_SYNC_BATCH} entries`,
  })
  @ValidateNested({ each: true })
  @Type(() => QueuedCheckInDto)
  checkIns: QueuedCheckInDto[];
}

export class CheckInCountsDto {
  @ApiProperty() checkedIn: number;
  @ApiProperty() going: number;
}

export class TicketHolderDto {
  @ApiProperty() userId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: TICKET_TYPES, enumName: 'TicketType' }) ticketType: string;
}

export class CheckInAnswerDto {
  @ApiProperty({ enum: CHECK_IN_RESULTS, enumName: 'CheckInResult' }) result: string;
  @ApiPropertyOptional({ type: TicketHolderDto }) attendee?: TicketHolderDto;
  @ApiPropertyOptional({ format: 'date-time', description: 'When the ticket was checked in' })
  checkedInAt?: string;
  @ApiPropertyOptional({ description: 'Who checked it in' }) checkedInBy?: string;
  @ApiPropertyOptional({ description: 'wrong_event: the event the ticket is for' })
  ticketEventTitle?: string;
  @ApiProperty({ type: CheckInCountsDto }) counts: CheckInCountsDto;
}

export class SyncedCheckInDto {
  @ApiProperty() code: string;
  @ApiProperty({ enum: SYNC_RESULTS, enumName: 'SyncedCheckInResult' }) result: string;
  @ApiPropertyOptional({ type: TicketHolderDto }) attendee?: TicketHolderDto;
  @ApiPropertyOptional({ format: 'date-time' }) checkedInAt?: string;
  @ApiPropertyOptional() checkedInBy?: string;
}

export class CheckInSyncAnswerDto {
  @ApiProperty({ type: [SyncedCheckInDto] }) results: SyncedCheckInDto[];
  @ApiProperty({ type: CheckInCountsDto }) counts: CheckInCountsDto;
}

export const DOOR_STATES = ['going', 'refunded', 'disputed', 'not_going'] as const;

export class DoorAttendeeDto extends TicketHolderDto {
  @ApiProperty({ description: 'The signed ticket code (the door matches scans offline)' })
  code: string;
  @ApiProperty({ description: 'Paid, in display units (0 on a free event)' }) amount: number;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: DOOR_STATES, enumName: 'DoorAttendeeState' }) state: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) checkedInAt: string | null;
  @ApiProperty({ type: String, nullable: true }) checkedInBy: string | null;
}

export class DoorEventDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty() timeZone: string;
  @ApiProperty() cancelled: boolean;
}

export class DoorListDto {
  @ApiProperty({ type: DoorEventDto }) event: DoorEventDto;
  @ApiProperty({ type: CheckInCountsDto }) counts: CheckInCountsDto;
  @ApiProperty({ type: [DoorAttendeeDto] }) attendees: DoorAttendeeDto[];
}

export class DoorStaffDto {
  @ApiProperty() userId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) addedAt: string;
}

export class AddDoorStaffDto {
  @ApiProperty({ description: "The member's email address" })
  @RequiredText('email', 254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

export class AttendeesCsvQueryDto {
  @ApiPropertyOptional({
    enum: Language,
    enumName: 'Language',
    description: "The header row's language (the admin's own by default)",
  })
  @IsOptional()
  @IsIn(['en', 'am'], { message: 'lang must be en or am' })
  lang?: 'en' | 'am';
}

export class EntryTicketDto {
  @ApiProperty() eventId: string;
  @ApiProperty() eventTitle: string;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ description: "The start on the venue's clocks, HH:MM" }) time: string;
  @ApiProperty({ description: "The venue's IANA time zone" }) timeZone: string;
  @ApiProperty() venueName: string;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty() country: string;
  @ApiProperty() holderName: string;
  @ApiProperty({ enum: TICKET_TYPES, enumName: 'TicketType' }) ticketType: string;
  @ApiProperty({ description: 'The signed code the QR code carries' }) code: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) checkedInAt: string | null;
}
