import { Injectable } from '@nestjs/common';
import { DecisionsRpc } from '@app/contracts';
import type { CreateDecisionBatchRequest, DecisionBatchResponse, GetDecisionBatchRequest } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's batch calls, typed. */
@Injectable()
export class DecisionBatchesClient {
  constructor(private readonly rpc: RpcClient) {}

  create(request: CreateDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.rpc.call(DecisionsRpc.createBatch, request);
  }

  get(request: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.rpc.call(DecisionsRpc.getBatch, request);
  }
}
