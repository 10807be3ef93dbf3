import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { LeadBillingClient } from './billing/lead-billing.client';
import { LeadCreditsConsumer } from './billing/lead-credits.consumer';
import { BookingsRepository } from './bookings/bookings.repository';
import { BookingsService } from './bookings/bookings.service';
import { leadsConfig } from './config/leads.env';
import { ConversationsModule } from './conversations/conversations.module';
import { CrmService } from './crm/crm.service';
import { LeadCharges } from './crm/lead-charges';
import { LeadsRepository } from './crm/leads.repository';
import { leadsDatabase } from './database/leads.database';
import { LeadsDemoSeed } from './demo/leads-demo.seed';
import { InquiriesRepository } from './inquiries/inquiries.repository';
import { InquiriesService } from './inquiries/inquiries.service';
import { KnowledgeModule } from './knowledge/knowledge.module';
import { LeadsController } from './leads.controller';
import { CatalogueClient } from './listings/catalogue.client';
import { ListingDeletedConsumer } from './listings/listing-deleted.consumer';
import { AccountDeletedConsumer } from './erasure/account-deleted.consumer';
import { SlotsRepository } from './slots/slots.repository';
import { SlotsService } from './slots/slots.service';
import { LeadsSweepsScheduler } from './sweeps/leads-sweeps.scheduler';

/** Leads: inquiries, messages, viewing slots and bookings, surveys, phone reveals, CRM. */
@Module({
  imports: [
    DatabaseModule.forService(leadsDatabase),
    ConfigModule.forFeature(leadsConfig),
    KnowledgeModule,
    ConversationsModule,
  ],
  controllers: [serviceStatusController('leads'), LeadsController],
  providers: [
    CatalogueClient,
    LeadBillingClient,
    LeadsRepository,
    LeadCharges,
    CrmService,
    InquiriesRepository,
    InquiriesService,
    SlotsRepository,
    SlotsService,
    BookingsRepository,
    BookingsService,
    ListingDeletedConsumer,
    AccountDeletedConsumer,
    LeadCreditsConsumer,
    LeadsSweepsScheduler,
    LeadsDemoSeed,
  ],
})
export class LeadsModule {}
