import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CreateDecisionRequest, DECISIONS_CREATE_PATTERN } from '@app/contracts';
import type { DecisionResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { DecisionsService } from './decisions.service';

@Controller()
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  @MessagePattern(DECISIONS_CREATE_PATTERN)
  create(@MessageData() request: CreateDecisionRequest): Promise<DecisionResponse> {
    return this.decisions.create(request);
  }
}
