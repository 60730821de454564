import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser, CurrentUser, Member, Roles } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { Language } from '../../common/language';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { UsersService } from '../users/users.service';
import {
  AddDoorStaffDto,
  AttendeesCsvQueryDto,
  CheckInAnswerDto,
  CheckInCountsDto,
  CheckInRequestDto,
  CheckInSyncAnswerDto,
  CheckInSyncDto,
  DoorEventDto,
  DoorListDto,
  DoorStaffDto,
  EntryTicketDto,
} from './check-in.dto';
import { CheckInService } from './check-in.service';
import { DoorStaffGuard } from './door-staff.guard';
import { eventNotFound, EventsErrorCode } from './events.errors';

const EventId = new IdPipe(eventNotFound);
const MemberId = new IdPipe(() => eventNotFound());

/**
 * The door (issue 39): check-in by admins and the event's door staff. Not rate limited: a door
 * admits hundreds an hour from one address, and only named staff reach these routes.
 */
@ApiTags('check-in')
@Controller('events')
export class CheckInController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly users: UsersService,
  ) {}

  @Get('door-events')
  @Member()
  @ApiOperation({ summary: 'The events the caller may check in at (admins: every upcoming one)' })
  @ApiOkResponse({ type: [DoorEventDto] })
  doorEvents(@CurrentUser() user: AuthUser): Promise<DoorEventDto[]> {
    return this.checkIns.doorEvents(user);
  }

  @Get(':id/door')
  @Member()
  @UseGuards(DoorStaffGuard)
  @ApiOperation({
    summary:
      "The door's list: ticket holders with their codes, states and check-ins, and the counts",
  })
  @ApiOkResponse({ type: DoorListDto })
  @ApiErrors({ 403: [CommonErrorCode.FORBIDDEN], 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  doorList(@Param('id', EventId) id: string): Promise<DoorListDto> {
    return this.checkIns.doorList(id);
  }

  @Get(':id/door/counts')
  @Member()
  @UseGuards(DoorStaffGuard)
  @ApiOperation({ summary: 'Checked in and going, polled by every door for its live counter' })
  @ApiOkResponse({ type: CheckInCountsDto })
  @ApiErrors({ 403: [CommonErrorCode.FORBIDDEN], 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  counts(@Param('id', EventId) id: string): Promise<CheckInCountsDto> {
    return this.checkIns.counts(id);
  }

  @Post(':id/check-ins')
  @HttpCode(200)
  @Member()
  @UseGuards(DoorStaffGuard)
  @ApiOperation({
    summary:
      'Check a ticket in: checked_in, already_checked_in (when, by whom), refunded, disputed, not_going, event_cancelled, wrong_event or unknown_code',
  })
  @ApiOkResponse({ type: CheckInAnswerDto })
  @ApiErrors({
    400: [CommonErrorCode.VALIDATION_FAILED],
    403: [CommonErrorCode.FORBIDDEN],
    404: [EventsErrorCode.EVENT_NOT_FOUND],
  })
  checkIn(
    @Param('id', EventId) id: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: CheckInRequestDto,
  ): Promise<CheckInAnswerDto> {
    return this.checkIns.checkIn(id, user, dto.code, dto.source ?? 'scan');
  }

  @Post(':id/check-ins/sync')
  @HttpCode(200)
  @Member()
  @UseGuards(DoorStaffGuard)
  @ApiOperation({
    summary:
      "An offline door's queued check-ins, in scan order; a ticket admitted elsewhere first is a conflict",
  })
  @ApiOkResponse({ type: CheckInSyncAnswerDto })
  @ApiErrors({
    400: [CommonErrorCode.VALIDATION_FAILED],
    403: [CommonErrorCode.FORBIDDEN],
    404: [EventsErrorCode.EVENT_NOT_FOUND],
  })
  sync(
    @Param('id', EventId) id: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: CheckInSyncDto,
  ): Promise<CheckInSyncAnswerDto> {
    return this.checkIns.sync(id, user, dto.checkIns);
  }

  @Get(':id/attendees.csv')
  @Roles('admin')
  @ApiOperation({
    summary: 'The attendee list as CSV (name, email, ticket type, paid amount, checked in at)',
  })
  @ApiProduces('text/csv')
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED], 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  async csv(
    @Param('id', EventId) id: string,
    @Query() query: AttendeesCsvQueryDto,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The header row speaks the admin's language: asked for, or the one on their profile.
    const language =
      (query.lang as Language | undefined) ??
      (await this.users.findById(user.id))?.language ??
      Language.EN;
    const file = await this.checkIns.csv(id, language);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  }

  @Get(':id/door-staff')
  @Roles('admin')
  @ApiOperation({ summary: "The event's door staff" })
  @ApiOkResponse({ type: [DoorStaffDto] })
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  doorStaff(@Param('id', EventId) id: string): Promise<DoorStaffDto[]> {
    return this.checkIns.doorStaff(id);
  }

  @Post(':id/door-staff')
  @HttpCode(200)
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Name a member door staff of this event (audited)' })
  @ApiOkResponse({ type: [DoorStaffDto] })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED], 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  addDoorStaff(
    @Param('id', EventId) id: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: AddDoorStaffDto,
  ): Promise<DoorStaffDto[]> {
    return this.checkIns.addDoorStaff(id, user, dto.email);
  }

  @Delete(':id/door-staff/:userId')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Remove a member from the door staff of this event (audited)' })
  @ApiOkResponse({ type: [DoorStaffDto] })
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  removeDoorStaff(
    @Param('id', EventId) id: string,
    @Param('userId', MemberId) userId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DoorStaffDto[]> {
    return this.checkIns.removeDoorStaff(id, user, userId);
  }
}

/** The member's entry tickets (issue 39), with the signed codes their QR codes carry. */
@ApiTags('check-in')
@Controller('tickets')
export class EntryTicketsController {
  constructor(private readonly checkIns: CheckInService) {}

  @Get()
  @Member()
  @ApiOperation({ summary: "The caller's entry tickets (every event they are going to)" })
  @ApiOkResponse({ type: [EntryTicketDto] })
  mine(@CurrentUser() user: AuthUser): Promise<EntryTicketDto[]> {
    return this.checkIns.myTickets(user);
  }
}
