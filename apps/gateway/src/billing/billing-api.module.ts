import { Module } from '@nestjs/common';

/** The gateway's billing routes (`/v1/workspace/balance`, packs, ledger), forwarded to the billing service. */
@Module({})
export class BillingApiModule {}
