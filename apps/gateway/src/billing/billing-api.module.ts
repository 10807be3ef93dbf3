import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { PaymentWebhooksController } from './payment-webhooks.controller';

/** The gateway's billing routes (`/v1/workspace/balance`, packs, purchases, ledger) and the payment provider's webhook, forwarded to the billing service. */
@Module({
  controllers: [BillingController, PaymentWebhooksController],
  providers: [BillingService],
  exports: [BillingService],
})
export class BillingApiModule {}
