import { Module } from '@nestjs/common';
import { DecisionBatchesClient } from './decision-batches.client';
import { DecisionBatchesController } from './decision-batches.controller';
import { DecisionBatchesService } from './decision-batches.service';
import { DecisionsClient } from './decisions.client';
import { DecisionsController } from './decisions.controller';

/** `POST /v1/decisions` and `/v1/decisions/batch`, forwarded to the decision service. */
@Module({
  // The batch controller first: its static `batch` segment is matched before `:id`.
  controllers: [DecisionBatchesController, DecisionsController],
  providers: [DecisionsClient, DecisionBatchesClient, DecisionBatchesService],
})
export class DecisionsApiModule {}
