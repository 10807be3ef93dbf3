import { Injectable } from '@nestjs/common';
import {
  DECISIONS_CREATE_PATTERN,
  DECISIONS_GET_PATTERN,
  DECISIONS_LIST_PATTERN,
  DECISION_WITH_REASONING_DEADLINE_MS,
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
      withReasoning ? DECISION_WITH_REASONING_DEADLINE_MS : undefined,
    );
  }

  get(request: GetDecisionRequest): Promise<DecisionResponse> {
    return this.rpc.send(DECISIONS_GET_PATTERN, request);
  }

  list(request: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    return this.rpc.send(DECISIONS_LIST_PATTERN, request);
  }
}
