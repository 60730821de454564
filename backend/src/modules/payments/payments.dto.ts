import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PricingViewDto } from '../events/events.dto';
import { TICKET_TYPES } from '../events/events.schema';

export class CreatePaymentIntentDto {
  @ApiProperty() @IsUUID('all', { message: 'Event information is missing.' }) eventId: string;

  @ApiPropertyOptional({
    enum: TICKET_TYPES,
    enumName: 'TicketType',
    description:
      'The ticket to buy. Without it, the ticket type whose price is `amount` (and `currency`), or general when no amount is sent',
  })
  @IsOptional()
  @IsIn(TICKET_TYPES, { message: 'Ticket type must be general, student or vip' })
  ticketType?: string;

  @ApiPropertyOptional({
    description:
      "Spec 8's body: the price shown for the ticket (45.5 for 45.50), which picks the ticket type when `ticketType` is absent (the first of general, student, vip with that price). Never what is charged: the event's pricing is. Ignored when `ticketType` is sent",
  })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'amount must be the price as a number' },
  )
  amount?: number;

  @ApiPropertyOptional({
    description:
      "The price's currency (usd, eur): with `amount`, it must be the ticket type's own when the event names one. Ignored when `ticketType` is sent",
  })
  @IsOptional()
  @IsString({ message: 'currency must be a currency code such as usd' })
  @MaxLength(10, { message: 'currency must be a currency code such as usd' })
  currency?: string;
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
    description:
      "When the event starts, in the event's `date` shape (the venue's date and time); null once deleted",
  })
  eventDate: string | null;

  @ApiProperty({ description: 'The event was cancelled (its paid tickets are refunded)' })
  eventCancelled: boolean;
}
