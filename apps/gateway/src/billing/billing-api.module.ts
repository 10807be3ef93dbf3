import { Module } from '@nestjs/common';
import { BillingClient } from './billing.client';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';

/** The gateway's billing routes (`/v1/workspace/balance`, packs, ledger), forwarded to the billing service. */
@Module({
  controllers: [BillingController],
  providers: [BillingClient, BillingService],
})
export class BillingApiModule {}
