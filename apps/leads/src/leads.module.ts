import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { leadsDatabase } from './database/leads.database';

/** Leads: inquiries, messages, viewing slots and bookings, CRM. */
@Module({
  imports: [DatabaseModule.forService(leadsDatabase)],
  controllers: [serviceStatusController('leads')],
})
export class LeadsModule {}
