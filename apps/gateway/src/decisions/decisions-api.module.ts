import { Module } from '@nestjs/common';
import { DecisionBatchesController } from './decision-batches.controller';
import { DecisionBatchesService } from './decision-batches.service';
import { DecisionsController } from './decisions.controller';
import { DecisionsService } from './decisions.service';

/** `POST /v1/decisions` and `/v1/decisions/batch`, forwarded to the decision service. */
@Module({
  // The batch controller first: its static `batch` segment is matched before `:id`.
  controllers: [DecisionBatchesController, DecisionsController],
  providers: [DecisionsService, DecisionBatchesService],
  exports: [DecisionsService],
})
export class DecisionsApiModule {}
