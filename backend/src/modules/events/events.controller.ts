import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Member, Public, Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { WaitsOutBusyLoop } from '../../common/http/overload';
import { readMultipart } from '../media/media.multipart';
import {
  DeletedDto,
  EventDto,
  EventListDto,
  EventListQueryDto,
  RsvpDto,
  RsvpResultDto,
  VenueZonesDto,
  VenueZonesQueryDto,
  venueZonesOf,
} from './events.dto';
import { EVENT_UPLOADS, EventsService } from './events.service';
import { RsvpService } from './rsvp.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { EditConflictErrorCode } from '../../common/concurrency/edit-conflict';
import { UPLOAD_ERRORS } from '../media/media.errors';
import { eventNotFound, EventsErrorCode } from './events.errors';

const EventId = new IdPipe(eventNotFound);

/** Swagger body of the multipart event form (spec 7). */
const EVENT_FORM_BODY = {
  schema: {
    type: 'object',
    required: ['title', 'description', 'date', 'time', 'location'],
    properties: {
      title: { type: 'string' },
      description: { type: 'string' },
      date: { type: 'string', example: '2026-12-24' },
      time: { type: 'string', example: '18:30' },
      location: { type: 'string', description: 'JSON: {name, country, address?, city?}' },
      timeZone: {
        type: 'string',
        example: 'America/Toronto',
        description:
          "The venue's IANA time zone (date and time are its clocks): optional in a one-zone country, required in one of several (see GET /events/time-zones)",
      },
      category: { type: 'string', default: 'cultural' },
      isFree: { type: 'boolean', default: true },
      pricing: { type: 'string', description: 'JSON: {general|student|vip: {amount, currency}}' },
      maxAttendees: { type: 'integer', minimum: 1 },
      organizer: { type: 'string', description: 'JSON {name} or the plain name' },
      isActive: { type: 'boolean', default: true },
      existingImages: { type: 'string', description: 'PUT: JSON list of image URLs to keep' },
      existingVideos: { type: 'string', description: 'PUT: JSON list of video URLs to keep' },
      updatedAt: {
        type: 'string',
        format: 'date-time',
        description:
          'PUT: the updatedAt the form was opened with; when the event has changed since, 409 EDIT_CONFLICT and nothing is saved',
      },
      images: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 10 },
      videos: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 5 },
    },
  },
};

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly rsvps: RsvpService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'List events: filters, full-text search, pages of 12' })
  @ApiOkResponse({ type: EventListDto })
  list(@Query() query: EventListQueryDto, @CurrentUser() user?: AuthUser): Promise<EventListDto> {
    return this.events.list(query, user);
  }

  @Get('time-zones')
  @Public()
  @ApiOperation({
    summary:
      'The time zones a venue in a country can be in, and the one its city is known to be in',
  })
  @ApiOkResponse({ type: VenueZonesDto })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED] })
  timeZones(@Query() query: VenueZonesQueryDto): VenueZonesDto {
    return venueZonesOf(query.country, query.city);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'One event with its attendees and the number going' })
  @ApiOkResponse({ type: EventDto })
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  get(@Param('id', EventId) id: string, @CurrentUser() user?: AuthUser): Promise<EventDto> {
    return this.events.get(id, user);
  }

  @Get(':id/ics')
  @Public()
  @ApiOperation({ summary: 'The event as an iCalendar file (Add to calendar)' })
  @ApiProduces('text/calendar')
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  async ics(@Param('id', EventId) id: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.events.ics(id);
    await reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  }

  @Post()
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Create an event with images and videos (admins, multipart)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(EVENT_FORM_BODY)
  @ApiCreatedResponse({ type: EventDto })
  @ApiErrors(UPLOAD_ERRORS, { 400: [CommonErrorCode.VALIDATION_FAILED] })
  async create(@Req() request: FastifyRequest, @CurrentUser() user: AuthUser): Promise<EventDto> {
    return this.events.create(user, await readMultipart(request, EVENT_UPLOADS));
  }

  @Put(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Edit an event; new files are added, existing* lists say what stays' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(EVENT_FORM_BODY)
  @ApiOkResponse({ type: EventDto })
  @ApiErrors(UPLOAD_ERRORS, {
    400: [CommonErrorCode.VALIDATION_FAILED],
    409: [EventsErrorCode.EVENT_CANCELLED, EditConflictErrorCode.EDIT_CONFLICT],
  })
  async update(
    @Param('id', EventId) id: string,
    @Req() request: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<EventDto> {
    return this.events.update(id, user, await readMultipart(request, EVENT_UPLOADS));
  }

  @ApiErrors({ 409: [EventsErrorCode.EVENT_HAS_PAID_TICKETS] })
  @Delete(':id')
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({ summary: 'Delete an event and its media (admins)' })
  @ApiOkResponse({ type: DeletedDto })
  remove(@Param('id', EventId) id: string): Promise<DeletedDto> {
    return this.events.remove(id);
  }

  @Post(':id/rsvp')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @WaitsOutBusyLoop()
  @ApiOperation({ summary: 'Answer going, maybe or not going; a full event waitlists Going' })
  @ApiOkResponse({ type: RsvpResultDto })
  @ApiErrors({
    402: [EventsErrorCode.TICKET_REQUIRED],
    409: [
      EventsErrorCode.EVENT_INACTIVE,
      EventsErrorCode.EVENT_ENDED,
      EventsErrorCode.EVENT_CANCELLED,
    ],
  })
  rsvp(
    @Param('id', EventId) id: string,
    @CurrentUser() user: AuthUser,
    @Body() dto: RsvpDto,
  ): Promise<RsvpResultDto> {
    return this.rsvps.rsvp(id, user, dto);
  }
}
