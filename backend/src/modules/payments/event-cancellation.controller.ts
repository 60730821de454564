import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { eventNotFound, EventsErrorCode } from '../events/events.errors';
import { CancelEventResultDto } from './payments.dto';
import { PaymentsService } from './payments.service';

/** Lives with payments: cancelling refunds the event's tickets through Stripe. */
@ApiTags('events')
@Controller('events')
export class EventCancellationController {
  constructor(private readonly payments: PaymentsService) {}

  @Post(':id/cancel')
  @HttpCode(200)
  @Roles('admin')
  @RateLimit('writes')
  @ApiOperation({
    summary: 'Cancel an event: refund every paid ticket, email going and waitlisted members',
  })
  @ApiOkResponse({ type: CancelEventResultDto })
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  cancel(@Param('id', new IdPipe(eventNotFound)) id: string): Promise<CancelEventResultDto> {
    return this.payments.cancelEvent(id);
  }
}
