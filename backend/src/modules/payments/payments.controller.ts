import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Member, Public } from '../../common/auth/auth.decorators';
import { RateLimit } from '../../common/rate-limit/rate-limit';
import { IdPipe } from '../../common/validation/uuid.pipe';
import {
  ConfirmPaymentDto,
  ConfirmPaymentResultDto,
  CreatePaymentIntentDto,
  EventPricingDto,
  MyTicketDto,
  PaymentIntentDto,
  PaymentsConfigDto,
  WebhookResultDto,
} from './payments.dto';
import { PaymentsService } from './payments.service';
import { ApiErrors } from '../../common/errors/api-errors.decorator';
import { CommonErrorCode } from '../../common/errors/common.errors';
import { eventNotFound, EventsErrorCode } from '../events/events.errors';
import { PaymentsErrorCode, STRIPE_ERRORS } from './payments.errors';

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('config')
  @Public()
  @ApiOperation({ summary: 'Whether card payments are on, and the Stripe publishable key' })
  @ApiOkResponse({ type: PaymentsConfigDto })
  config(): PaymentsConfigDto {
    return this.payments.paymentsConfig();
  }

  @Get('events/:id/pricing')
  @Public()
  @ApiOperation({ summary: "An event's ticket prices, keyed by ticket type" })
  @ApiOkResponse({ type: EventPricingDto })
  @ApiErrors({ 404: [EventsErrorCode.EVENT_NOT_FOUND] })
  pricing(@Param('id', new IdPipe(eventNotFound)) id: string): Promise<EventPricingDto> {
    return this.payments.pricing(id);
  }

  @Get('tickets')
  @Member()
  @ApiOperation({ summary: "The caller's tickets and their states (paid, refunded, disputed)" })
  @ApiOkResponse({ type: [MyTicketDto] })
  tickets(@CurrentUser() user: AuthUser): Promise<MyTicketDto[]> {
    return this.payments.myTickets(user);
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Start paying for a ticket; the server sets amount and currency' })
  @ApiOkResponse({ type: PaymentIntentDto })
  @ApiErrors(STRIPE_ERRORS, {
    400: [CommonErrorCode.VALIDATION_FAILED],
    404: [EventsErrorCode.EVENT_NOT_FOUND],
    409: [
      EventsErrorCode.EVENT_IS_FREE,
      EventsErrorCode.EVENT_FULL,
      EventsErrorCode.EVENT_INACTIVE,
      EventsErrorCode.EVENT_ENDED,
      EventsErrorCode.EVENT_CANCELLED,
      EventsErrorCode.TICKET_ALREADY_HELD,
    ],
  })
  createIntent(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreatePaymentIntentDto,
  ): Promise<PaymentIntentDto> {
    return this.payments.createIntent(user, dto);
  }

  @Post('confirm-payment')
  @HttpCode(200)
  @Member()
  @RateLimit('writes')
  @ApiOperation({ summary: 'Record a succeeded payment as a ticket and a Going answer (once)' })
  @ApiOkResponse({ type: ConfirmPaymentResultDto })
  @ApiErrors(STRIPE_ERRORS, {
    400: [PaymentsErrorCode.NOT_A_TICKET],
    403: [PaymentsErrorCode.PAYMENT_MISMATCH],
    404: [PaymentsErrorCode.PAYMENT_NOT_FOUND],
    409: [
      PaymentsErrorCode.PAYMENT_NOT_SUCCEEDED,
      PaymentsErrorCode.EVENT_GONE_REFUNDED,
      PaymentsErrorCode.EVENT_FULL_REFUNDED,
      PaymentsErrorCode.EVENT_CLOSED_REFUNDED,
      PaymentsErrorCode.DUPLICATE_TICKET_REFUNDED,
      PaymentsErrorCode.PAYMENT_DISPUTED,
      EventsErrorCode.TICKET_ALREADY_HELD,
    ],
  })
  confirm(
    @CurrentUser() user: AuthUser,
    @Body() dto: ConfirmPaymentDto,
  ): Promise<ConfirmPaymentResultDto> {
    return this.payments.confirm(user, dto);
  }

  @Post('webhook')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Stripe webhook (signature checked on the raw body)' })
  @ApiBody({
    description: 'A Stripe event object, as Stripe sends it, signed in the Stripe-Signature header',
    schema: {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string' }, type: { type: 'string' } },
      additionalProperties: true,
    },
  })
  @ApiOkResponse({ type: WebhookResultDto })
  @ApiErrors(STRIPE_ERRORS, { 400: [PaymentsErrorCode.INVALID_SIGNATURE] })
  webhook(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookResultDto> {
    return this.payments.webhook(request.rawBody, signature);
  }
}
