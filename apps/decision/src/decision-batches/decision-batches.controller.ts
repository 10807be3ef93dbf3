import { Controller } from '@nestjs/common';
import { CreateDecisionBatchRequest, GetDecisionBatchRequest, DecisionsRpc } from '@app/contracts';
import type { DecisionBatchResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { DecisionBatchesService } from './decision-batches.service';

@Controller()
export class DecisionBatchesController {
  constructor(private readonly batches: DecisionBatchesService) {}

  @RpcHandler(DecisionsRpc.createBatch)
  create(@MessageData() request: CreateDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.batches.create(request);
  }

  @RpcHandler(DecisionsRpc.getBatch)
  get(@MessageData() request: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.batches.get(request);
  }
}
