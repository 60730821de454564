import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { EventsModule } from '../events/events.module';
import { EventCancellationController } from './event-cancellation.controller';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { createStripeClient, STRIPE_CLIENT } from './stripe.client';

@Module({
  imports: [EventsModule],
  controllers: [PaymentsController, EventCancellationController],
  providers: [
    { provide: STRIPE_CLIENT, inject: [APP_CONFIG], useFactory: createStripeClient },
    PaymentsService,
  ],
})
export class PaymentsModule {}
