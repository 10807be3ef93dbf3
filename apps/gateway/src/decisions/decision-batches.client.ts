import { Injectable } from '@nestjs/common';
import { DECISIONS_BATCH_CREATE_PATTERN, DECISIONS_BATCH_GET_PATTERN } from '@app/contracts';
import type { CreateDecisionBatchRequest, DecisionBatchResponse, GetDecisionBatchRequest } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's batch calls, typed. */
@Injectable()
export class DecisionBatchesClient {
  constructor(private readonly rpc: RpcClient) {}

  create(request: CreateDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.rpc.send<DecisionBatchResponse, CreateDecisionBatchRequest>(DECISIONS_BATCH_CREATE_PATTERN, request);
  }

  get(request: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.rpc.send(DECISIONS_BATCH_GET_PATTERN, request);
  }
}
