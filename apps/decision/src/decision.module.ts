import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { decisionDatabase } from './database/decision.database';
import { LocationsModule } from './locations/locations.module';

/** Decision engine: gazetteer, transactions and benchmarks, scoring, reasoning. */
@Module({
  imports: [DatabaseModule.forService(decisionDatabase), LocationsModule],
  controllers: [serviceStatusController('decision')],
})
export class DecisionModule {}
