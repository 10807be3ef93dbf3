import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateDecisionBatchRequest,
  DECISIONS_BATCH_CREATE_PATTERN,
  DECISIONS_BATCH_GET_PATTERN,
  GetDecisionBatchRequest,
} from '@app/contracts';
import type { DecisionBatchResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { DecisionBatchesService } from './decision-batches.service';

@Controller()
export class DecisionBatchesController {
  constructor(private readonly batches: DecisionBatchesService) {}

  @MessagePattern(DECISIONS_BATCH_CREATE_PATTERN)
  create(@MessageData() request: CreateDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.batches.create(request);
  }

  @MessagePattern(DECISIONS_BATCH_GET_PATTERN)
  get(@MessageData() request: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.batches.get(request);
  }
}
