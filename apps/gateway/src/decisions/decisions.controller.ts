import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { DecisionResponse, Principal } from '@app/contracts';
import { idempotencyKeyFrom } from '../http/idempotency-key';
import { Authenticated, CurrentPrincipal } from '../identity/access/access.decorators';
import { DECISION_REQUEST_SCHEMA, DECISIONS_DESCRIPTION } from './decisions.openapi';
import { DecisionsClient } from './decisions.client';

@ApiTags('decisions')
@Authenticated(['api_key'])
@Controller('decisions')
export class DecisionsController {
  constructor(private readonly decisions: DecisionsClient) {}

  /**
   * The body goes to the decision service as received: the balance check (402) comes
   * before validation (422), and the balance is billing's, asked from there.
   */
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Score a property against the market (1 decision; 3 with reasoning)',
    description: DECISIONS_DESCRIPTION,
  })
  @ApiBody({ schema: DECISION_REQUEST_SCHEMA })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key and body returns the first answer, charged once',
  })
  @ApiOkResponse({ description: 'The decision' })
  @ApiPaymentRequiredResponse({ description: '`insufficient_decisions` with `required` and `balance`' })
  @ApiUnprocessableEntityResponse({
    description: '`validation_error` with `field` (and `suggestions` for an unknown or ambiguous place)',
  })
  @ApiServiceUnavailableResponse({ description: '`ai_unavailable` (reasoning true only; not charged)' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<DecisionResponse> {
    const key = idempotencyKeyFrom(idempotencyKey);
    const withReasoning = (body as { reasoning?: unknown } | null)?.reasoning === true;
    return this.decisions.create(
      { workspace_id: workspaceOf(principal), body: body ?? null, ...(key ? { idempotency_key: key } : {}) },
      withReasoning,
    );
  }
}

/** Only API keys reach this route (the guard), and a key always belongs to a workspace. */
function workspaceOf(principal: Principal): string {
  return (principal as Extract<Principal, { kind: 'api_key' }>).workspaceId;
}
