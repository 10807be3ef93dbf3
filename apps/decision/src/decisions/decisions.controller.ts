import { Controller } from '@nestjs/common';
import { CreateDecisionRequest, GetDecisionRequest, ListDecisionsRequest, DecisionsRpc } from '@app/contracts';
import type { DecisionResponse, DecisionsPageResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { DecisionsService } from './decisions.service';

@Controller()
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  @RpcHandler(DecisionsRpc.create)
  create(@MessageData() request: CreateDecisionRequest): Promise<DecisionResponse> {
    return this.decisions.create(request);
  }

  @RpcHandler(DecisionsRpc.get)
  get(@MessageData() request: GetDecisionRequest): Promise<DecisionResponse> {
    return this.decisions.get(request);
  }

  @RpcHandler(DecisionsRpc.list)
  list(@MessageData() request: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    return this.decisions.list(request);
  }
}
