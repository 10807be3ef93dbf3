import { Module } from '@nestjs/common';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { BookingsController } from './bookings.controller';
import { CrmController } from './crm.controller';
import { InquiriesController } from './inquiries.controller';
import { LeadParties } from './lead-parties';
import { LeadsClient } from './leads.client';
import { PropertyLeadsController } from './property-leads.controller';
import { SlotsController } from './slots.controller';

/** Inquiries, bookings, slots, availability, phone reveal and the CRM, forwarded to the leads service. */
@Module({
  imports: [AccountsModule],
  controllers: [InquiriesController, BookingsController, SlotsController, PropertyLeadsController, CrmController],
  providers: [LeadsClient, LeadParties],
})
export class LeadsApiModule {}
