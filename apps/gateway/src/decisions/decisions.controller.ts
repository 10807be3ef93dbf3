import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { DecisionRequestBody, DecisionResponse, DecisionsPageResponse, PageQuery } from '@app/contracts';
import type { Principal } from '@app/contracts';
import { IdempotencyKey } from '../http/idempotency-key';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DECISION_REQUEST_DESCRIPTION, DECISION_REQUEST_EXAMPLE, DECISIONS_DESCRIPTION } from './decisions.openapi';
import { DecisionsService } from './decisions.service';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('decisions')
@ApiExtraModels(DecisionRequestBody)
@Controller('decisions')
export class DecisionsController {
  constructor(private readonly decisions: DecisionsService) {}

  /** The body goes to the decision service as received (the balance check comes before validation). */
  @Post()
  @Idempotent()
  @HttpCode(200)
  @Authenticated(['api_key'])
  @ApiRoute('Score a property against the market (1 decision; 3 with reasoning)', {
    description: DECISIONS_DESCRIPTION,
    200: DecisionResponse,
    402: '`insufficient_decisions` with `required` and `balance`',
    422: '`validation_error` with `field` (and `suggestions` for an unknown or ambiguous place)',
    503: '`ai_unavailable` (reasoning true only; not charged)',
  })
  @ApiBody({
    schema: { $ref: getSchemaPath(DecisionRequestBody), examples: [DECISION_REQUEST_EXAMPLE] },
    description: DECISION_REQUEST_DESCRIPTION,
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.decisions.create(principal, body, key);
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'decisions:read')
  @ApiRoute("The workspace's decisions, newest first, as they were answered", { 200: DecisionsPageResponse })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    return this.decisions.list(principal, query);
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'decisions:read')
  @ApiRoute('One decision of the workspace, as it was answered', {
    200: DecisionResponse,
    404: '`not_found`: no such decision in your workspace',
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.decisions.get(principal, id);
  }
}
