import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { DecisionRequestBody } from '@app/contracts';
import type { DecisionResponse, DecisionsPageResponse, Principal } from '@app/contracts';
import { IdempotencyKey } from '../http/idempotency-key';
import { PageQueryDto } from '../http/page-query.dto';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { workspaceOf } from '../identity/access/principal-workspace';
import { DECISION_REQUEST_DESCRIPTION, DECISION_REQUEST_EXAMPLE, DECISIONS_DESCRIPTION } from './decisions.openapi';
import { contractSchemaRef } from '../http/contract-schemas';
import { DecisionsClient } from './decisions.client';
import { DecisionDto, DecisionsPageDto } from './decision.dto';
import { Idempotent } from '../idempotency/idempotent.decorator';

@ApiTags('decisions')
@Controller('decisions')
export class DecisionsController {
  constructor(private readonly decisions: DecisionsClient) {}

  /**
   * The body goes to the decision service as received: the balance check (402) comes
   * before validation (422), and the balance is billing's, asked from there.
   */
  @Post()
  @Idempotent()
  @HttpCode(200)
  @Authenticated(['api_key'])
  @ApiOperation({
    summary: 'Score a property against the market (1 decision; 3 with reasoning)',
    description: DECISIONS_DESCRIPTION,
  })
  @ApiBody({
    schema: { ...contractSchemaRef(DecisionRequestBody), examples: [DECISION_REQUEST_EXAMPLE] },
    description: DECISION_REQUEST_DESCRIPTION,
  })
  @ApiOkResponse({ type: DecisionDto })
  @ApiPaymentRequiredResponse({ description: '`insufficient_decisions` with `required` and `balance`' })
  @ApiUnprocessableEntityResponse({
    description: '`validation_error` with `field` (and `suggestions` for an unknown or ambiguous place)',
  })
  @ApiServiceUnavailableResponse({ description: '`ai_unavailable` (reasoning true only; not charged)' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @IdempotencyKey() key?: string,
  ): Promise<DecisionResponse> {
    const withReasoning = (body as { reasoning?: unknown } | null)?.reasoning === true;
    return this.decisions.create(
      { workspace_id: workspaceOf(principal), body: body ?? null, ...(key ? { idempotency_key: key } : {}) },
      withReasoning,
    );
  }

  @Get()
  @Authenticated(['user', 'api_key'], 'decisions:read')
  @ApiOperation({ summary: "The workspace's decisions, newest first, as they were answered" })
  @ApiOkResponse({ type: DecisionsPageDto })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<DecisionsPageResponse> {
    return this.decisions.list({
      workspace_id: workspaceOf(principal),
      limit: query.limit,
      offset: query.offset,
    });
  }

  @Get(':id')
  @Authenticated(['user', 'api_key'], 'decisions:read')
  @ApiOperation({ summary: 'One decision of the workspace, as it was answered' })
  @ApiOkResponse({ type: DecisionDto })
  @ApiNotFoundResponse({ description: '`not_found`: no such decision in your workspace' })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DecisionResponse> {
    return this.decisions.get({ workspace_id: workspaceOf(principal), id });
  }
}
