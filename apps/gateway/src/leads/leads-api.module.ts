import { Module } from '@nestjs/common';
import { IdentityDirectoryModule } from '../identity/directory/identity-directory.module';
import { BookingsController } from './bookings.controller';
import { CrmController } from './crm.controller';
import { InquiriesController } from './inquiries.controller';
import { LeadParties } from './lead-parties';
import { PropertyLeadsController } from './property-leads.controller';
import { SlotsController } from './slots.controller';
import { BookingsService } from './bookings.service';
import { CrmService } from './crm.service';
import { InquiriesService } from './inquiries.service';
import { PropertyLeadsService } from './property-leads.service';
import { SlotsService } from './slots.service';

/** Inquiries, bookings, slots, availability, phone reveal and the CRM, forwarded to the leads service. */
@Module({
  imports: [IdentityDirectoryModule],
  controllers: [InquiriesController, BookingsController, SlotsController, PropertyLeadsController, CrmController],
  providers: [LeadParties, InquiriesService, BookingsService, SlotsService, CrmService, PropertyLeadsService],
  exports: [InquiriesService, BookingsService, CrmService, PropertyLeadsService],
})
export class LeadsApiModule {}
