import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateDecisionRequest,
  DECISIONS_CREATE_PATTERN,
  DECISIONS_GET_PATTERN,
  DECISIONS_LIST_PATTERN,
  GetDecisionRequest,
  ListDecisionsRequest,
} from '@app/contracts';
import type { DecisionResponse, DecisionsPageResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { DecisionsService } from './decisions.service';

@Controller()
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  @MessagePattern(DECISIONS_CREATE_PATTERN)
  create(@MessageData() request: CreateDecisionRequest): Promise<DecisionResponse> {
    return this.decisions.create(request);
  }

  @MessagePattern(DECISIONS_GET_PATTERN)
  get(@MessageData() request: GetDecisionRequest): Promise<DecisionResponse> {
    return this.decisions.get(request);
  }

  @MessagePattern(DECISIONS_LIST_PATTERN)
  list(@MessageData() request: ListDecisionsRequest): Promise<DecisionsPageResponse> {
    return this.decisions.list(request);
  }
}
