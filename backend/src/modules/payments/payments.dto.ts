import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PricingViewDto } from '../events/events.dto';
import { TICKET_TYPES } from '../events/events.schema';

export class CreatePaymentIntentDto {
  @ApiProperty() @IsUUID('all', { message: 'Event information is missing.' }) eventId: string;

  @ApiPropertyOptional({ enum: TICKET_TYPES, enumName: 'TicketType', default: 'general' })
  @IsOptional()
  @IsIn(TICKET_TYPES, { message: 'Ticket type must be general, student or vip' })
  ticketType?: string;

  /** Sent by older clients; ignored, the server's pricing decides. */
  @ApiPropertyOptional({ description: 'Ignored: the amount comes from the event pricing' })
  @IsOptional()
  @Transform(() => undefined)
  amount?: unknown;

  @ApiPropertyOptional({ description: 'Ignored: the currency comes from the event pricing' })
  @IsOptional()
  @Transform(() => undefined)
  currency?: unknown;
}

export class ConfirmPaymentDto {
  @ApiProperty()
  @IsString({ message: 'paymentIntentId is required' })
  @MaxLength(255)
  paymentIntentId: string;

  @ApiProperty() @IsUUID('all', { message: 'Event information is missing.' }) eventId: string;
}

export class PaymentIntentDto {
  @ApiProperty() clientSecret: string;
  @ApiProperty() paymentIntentId: string;
  @ApiProperty({ description: 'In the smallest currency unit (cents)' }) amount: number;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: TICKET_TYPES, enumName: 'TicketType' }) ticketType: string;
}

export class TicketDto {
  @ApiProperty() _id: string;
  @ApiProperty() eventId: string;
  @ApiProperty({ enum: TICKET_TYPES, enumName: 'TicketType' }) ticketType: string;
  @ApiProperty() amount: number;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: ['paid', 'refunded', 'disputed'], enumName: 'TicketStatus' }) status: string;
  @ApiProperty() createdAt: string;
}

export class ConfirmPaymentResultDto {
  @ApiProperty() msg: string;
  @ApiProperty({ enum: ['going'] }) status: string;
  @ApiProperty({ description: 'False when this payment had been recorded before' })
  newlyRecorded: boolean;
  @ApiProperty({ type: TicketDto }) ticket: TicketDto;
}

export class EventPricingDto {
  @ApiProperty() eventId: string;
  @ApiProperty() isFree: boolean;
  @ApiProperty({ type: PricingViewDto }) pricing: PricingViewDto;
}

export class PaymentsConfigDto {
  @ApiProperty() enabled: boolean;
  @ApiPropertyOptional({ nullable: true, type: String }) publishableKey: string | null;
}

export class WebhookResultDto {
  @ApiProperty() received: boolean;
}

export class CancelEventResultDto {
  @ApiProperty() msg: string;
  @ApiProperty({ description: 'Paid tickets refunded through Stripe' }) refundedTickets: number;
}

export class MyTicketDto extends TicketDto {
  @ApiProperty({ nullable: true, type: String, description: 'null once the event is deleted' })
  eventTitle: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'When the event starts; null once deleted',
  })
  eventDate: string | null;

  @ApiProperty({ description: 'The event was cancelled (its paid tickets are refunded)' })
  eventCancelled: boolean;
}
