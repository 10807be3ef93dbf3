import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DECISION_BATCH_MAX_ITEMS, DECISION_BATCH_STATUSES } from '@app/contracts';
import type { DecisionBatchStatus } from '@app/contracts';
import { ERROR_SCHEMA_NAME } from '../http/openapi-contract';
import { DecisionDto } from './decision.dto';

/** The batch's answers for the OpenAPI document (the shape is the contract's). */
export class DecisionBatchResultDto {
  @ApiProperty({ description: 'Position of the item in `items`, from 0' })
  index: number;

  @ApiProperty({
    description: '200 with `decision`; otherwise the status POST /v1/decisions would have answered, with `error`',
    enum: [200, 422, 500, 503],
  })
  status: number;

  @ApiPropertyOptional({ type: DecisionDto, description: 'status 200: the decision (also at GET /v1/decisions/{id})' })
  decision?: DecisionDto;

  @ApiPropertyOptional({
    allOf: [{ $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` }],
    description: 'the error in the contract shape (422 `validation_error` with `field`); its price is refunded',
  })
  error?: Record<string, unknown>;
}

export class DecisionBatchDto {
  @ApiProperty({ enum: ['decision_batch'] })
  object: 'decision_batch';

  @ApiProperty({ format: 'uuid', description: 'GET /v1/decisions/batch/{id} answers for it' })
  id: string;

  @ApiProperty({ enum: DECISION_BATCH_STATUSES, description: '`running` while items are being answered' })
  status: DecisionBatchStatus;

  @ApiProperty({ minimum: 1, maximum: DECISION_BATCH_MAX_ITEMS })
  item_count: number;

  @ApiProperty({ description: 'items answered so far, decisions and errors' })
  processed_count: number;

  @ApiProperty()
  succeeded_count: number;

  @ApiProperty({ description: 'items answered with an error (refunded)' })
  failed_count: number;

  @ApiProperty({ description: "the batch's price, debited at once when it was accepted: 1 per item, 3 with reasoning" })
  credits_charged: number;

  @ApiProperty({ description: 'given back for the failed items (once the batch is done)' })
  credits_refunded: number;

  @ApiProperty({ description: 'credits_charged − credits_refunded' })
  credits_used: number;

  @ApiProperty({ description: "the balance right after the batch's debit, and after its refund once done" })
  credits_remaining: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  completed_at: string | null;

  @ApiProperty({
    type: [DecisionBatchResultDto],
    description: 'In item order; empty in the 202 answer of a job (GET /v1/decisions/batch/{id} returns them)',
  })
  results: DecisionBatchResultDto[];
}
