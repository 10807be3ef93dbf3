import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { BillingController } from './billing.controller';
import { Clock } from './clock/clock';
import { billingConfig } from './config/billing.env';
import { billingDatabase } from './database/billing.database';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerService } from './ledger/ledger.service';
import { LowBalanceService } from './low-balance/low-balance.service';
import { PacksRepository } from './packs/packs.repository';
import { LeadCreditsService } from './lead-credits/lead-credits.service';
import { PacksService } from './packs/packs.service';
import { InvoicesRepository } from './invoices/invoices.repository';
import { InvoicesService } from './invoices/invoices.service';
import { PurchasesRepository } from './payments/purchases.repository';
import { PurchasesService } from './payments/purchases.service';
import { PaymentProvider } from './packs/payment-provider';
import { paymentProviderFor } from './packs/payment-provider.config';
import { LeadCreditScheduler } from './plans/lead-credit.scheduler';
import { LeadPlanConsumer } from './plans/lead-plan.consumer';
import { PlansRepository } from './plans/plans.repository';
import { PlansService } from './plans/plans.service';
import { WelcomeGrantConsumer } from './welcome/welcome-grant.consumer';
import { DecisionAbandonedConsumer } from './decision-refunds/decision-abandoned.consumer';
import { RefundOwedConsumer } from './decision-refunds/refund-owed.consumer';

/**
 * Billing: the ledger of decision balance and lead credits. Balances move only through
 * append-only ledger entries; packs are paid through the PaymentProvider PAYMENTS_PROVIDER names.
 */
@Module({
  imports: [DatabaseModule.forService(billingDatabase), ConfigModule.forFeature(billingConfig)],
  controllers: [serviceStatusController('billing'), BillingController],
  providers: [
    Clock,
    LedgerRepository,
    LedgerService,
    LowBalanceService,
    PacksRepository,
    PacksService,
    LeadCreditsService,
    PurchasesRepository,
    PurchasesService,
    InvoicesRepository,
    InvoicesService,
    { provide: PaymentProvider, useFactory: paymentProviderFor, inject: [billingConfig.KEY] },
    WelcomeGrantConsumer,
    RefundOwedConsumer,
    DecisionAbandonedConsumer,
    PlansRepository,
    PlansService,
    LeadPlanConsumer,
    LeadCreditScheduler,
  ],
})
export class BillingModule {}
