import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { billingDatabase } from './database/billing.database';

/** Billing: the ledger of decision balance and lead credits. */
@Module({
  imports: [DatabaseModule.forService(billingDatabase)],
  controllers: [serviceStatusController('billing')],
})
export class BillingModule {}
