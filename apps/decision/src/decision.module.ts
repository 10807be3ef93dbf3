import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { decisionDatabase } from './database/decision.database';

/** Decision engine: gazetteer, transactions and benchmarks, scoring, reasoning. */
@Module({
  imports: [DatabaseModule.forService(decisionDatabase)],
  controllers: [serviceStatusController('decision')],
})
export class DecisionModule {}
