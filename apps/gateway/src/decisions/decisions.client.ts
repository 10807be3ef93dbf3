import { Injectable } from '@nestjs/common';
import { RPC_DEADLINES_MS, DecisionsRpc } from '@app/contracts';
import type {
  CreateDecisionRequest,
  DecisionResponse,
  DecisionsPageResponse,
  GetDecisionRequest,
  ListDecisionsRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's decision call, typed. */
@Injectable()
export class DecisionsClient {
  constructor(private readonly rpc: RpcClient) {}

  create(request: CreateDecisionRequest, withReasoning: boolean): Promise<DecisionResponse> {
    return this.rpc.call(
      DecisionsRpc.create,
      request,
      // One pattern, two costs: only a decision with reasoning waits on the model.
      withReasoning ? RPC_DEADLINES_MS.ai : undefined,
    );
  }

  get(request: GetDecisionRequest): Promise<DecisionResponse> {
    return this.rpc.call(DecisionsRpc.get, request);
  }

  list(request: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    return this.rpc.call(DecisionsRpc.list, request);
  }
}
