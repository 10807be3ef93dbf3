import { Injectable } from '@nestjs/common';
import {
  DECISIONS_CREATE_PATTERN,
  DECISIONS_GET_PATTERN,
  DECISIONS_LIST_PATTERN,
  RPC_DEADLINES_MS,
} from '@app/contracts';
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
    return this.rpc.send<DecisionResponse, CreateDecisionRequest>(
      DECISIONS_CREATE_PATTERN,
      request,
      // One pattern, two costs: only a decision with reasoning waits on the model.
      withReasoning ? RPC_DEADLINES_MS.ai : undefined,
    );
  }

  get(request: GetDecisionRequest): Promise<DecisionResponse> {
    return this.rpc.send(DECISIONS_GET_PATTERN, request);
  }

  list(request: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    return this.rpc.send(DECISIONS_LIST_PATTERN, request);
  }
}
