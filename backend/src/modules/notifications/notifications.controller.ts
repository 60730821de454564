import {
  Body,
  Controller,
  Get,
  HttpCode,
  MessageEvent,
  Param,
  Post,
  Put,
  Query,
  Redirect,
  Sse,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  MarkedReadDto,
  NotificationListDto,
  NotificationPreferencesDto,
  NotificationQueryDto,
  UnreadCountDto,
  UnsubscribedDto,
  UnsubscribeQueryDto,
  UpdateNotificationPreferencesDto,
} from './notifications.dto';
import { notificationNotFound, NotificationsErrorCode } from './notifications.errors';
import { NotificationsService } from './notifications.service';

const notificationId = new IdPipe(notificationNotFound);

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Member()
  @ApiOperation({
    summary: 'My notifications, newest first, read and unread, with the unread count',
  })
  @ApiOkResponse({ type: NotificationListDto })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED] })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: NotificationQueryDto,
  ): Promise<NotificationListDto> {
    return this.notifications.list(user.id, query);
  }

  @Get('unread-count')
  @Member()
  @ApiOperation({
    summary: 'How many of my notifications are unread (the bell; the polling fallback)',
  })
  @ApiOkResponse({ type: UnreadCountDto })
  async unreadCount(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return { unread: await this.notifications.unreadCount(user.id) };
  }

  @Sse('stream')
  @Member()
  @ApiOperation({
    summary:
      'Server-Sent Events: `unread` at once, then `notification` ({ notification, unread }) as each is made on any replica, and a `heartbeat` every 25 s',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An endless event stream', schema: { type: 'string' } })
  stream(@CurrentUser() user: AuthUser): Observable<MessageEvent> {
    return this.notifications.stream(user.id);
  }

  @Post('read-all')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Marks all my notifications read' })
  @ApiOkResponse({ type: MarkedReadDto })
  markAllRead(@CurrentUser() user: AuthUser): Promise<MarkedReadDto> {
    return this.notifications.markAllRead(user.id);
  }

  @Post(':id/read')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Marks one of my notifications read' })
  @ApiOkResponse({ type: MarkedReadDto })
  @ApiErrors({ 404: [NotificationsErrorCode.NOTIFICATION_NOT_FOUND] })
  markRead(
    @CurrentUser() user: AuthUser,
    @Param('id', notificationId) id: string,
  ): Promise<MarkedReadDto> {
    return this.notifications.markRead(user.id, id);
  }

  @Get('preferences')
  @Member()
  @ApiOperation({
    summary:
      'My choice per kind: in the page, and by email (immediately, daily, never); and the weekly digest',
  })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  preferences(@CurrentUser() user: AuthUser): Promise<NotificationPreferencesDto> {
    return this.notifications.choices(user.id);
  }

  @Put('preferences')
  @Member()
  @RateLimit('writes')
  @ApiOperation({
    summary: 'Changes my choice for the kinds given; transactional emails cannot be turned off',
  })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  @ApiErrors({ 400: [CommonErrorCode.VALIDATION_FAILED] })
  updatePreferences(
    @CurrentUser() user: AuthUser,
    @Body() dto: UpdateNotificationPreferencesDto,
  ): Promise<NotificationPreferencesDto> {
    return this.notifications.updatePreferences(user.id, dto.preferences, dto.weeklyDigest);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Public()
  @RateLimit('writes')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary:
      "One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the email's signed link; that kind's email is turned off without signing in",
  })
  @ApiOkResponse({ type: UnsubscribedDto })
  @ApiErrors({
    400: [CommonErrorCode.VALIDATION_FAILED, NotificationsErrorCode.UNSUBSCRIBE_LINK_INVALID],
  })
  unsubscribe(@Query() query: UnsubscribeQueryDto): Promise<UnsubscribedDto> {
    return this.notifications.unsubscribe(query.token);
  }

  @Get('unsubscribe')
  @Public()
  @Redirect()
  @ApiOperation({
    summary:
      'The unsubscribe link opened in a browser: changes nothing (RFC 8058) and leads to the preferences page',
  })
  @ApiFoundResponse({ description: 'To the notification preferences page' })
  unsubscribePage(): { url: string; statusCode: number } {
    return { url: '/notifications/preferences', statusCode: 302 };
  }
}
