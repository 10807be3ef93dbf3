import { Module } from '@nestjs/common';
import { DecisionsModule } from '../decisions/decisions.module';
import { DecisionBatchesController } from './decision-batches.controller';
import { DecisionBatchesRepository } from './decision-batches.repository';
import { DecisionBatchesService } from './decision-batches.service';

/** POST /v1/decisions/batch behind the gateway: many decisions, one debit, jobs in PostgreSQL. */
@Module({
  imports: [DecisionsModule],
  controllers: [DecisionBatchesController],
  providers: [DecisionBatchesService, DecisionBatchesRepository],
})
export class DecisionBatchesModule {}
