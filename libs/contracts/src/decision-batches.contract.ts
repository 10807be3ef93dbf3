import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
} from '@app/validation';
import { CreateDecisionRequest } from './decisions.contract';
import type { DecisionResponse } from './decisions.contract';

/** At most this many items per batch; more answers 422 on `items`. */
export const DECISION_BATCH_MAX_ITEMS = 1000;

/** Batches up to this size are answered in the request (200); larger ones as a job (202) unless streamed. */
export const DECISION_BATCH_INLINE_MAX_ITEMS = 100;

/** Results per message between the decision service and the gateway. */
export const DECISION_BATCH_RESULTS_PAGE = 200;

export const DECISION_BATCH_STATUSES = ['running', 'done'] as const;
export type DecisionBatchStatus = (typeof DECISION_BATCH_STATUSES)[number];

/** What the gateway sends: the body as received (its shape is checked by the decision service, as for one decision). */
export class CreateDecisionBatchRequest extends CreateDecisionRequest {
  /** Answer at once with the job running, whatever its size (the gateway streams it as NDJSON). */
  @IsOptional()
  @IsBoolean()
  detach?: boolean;
}

/** One batch of the workspace, with its results from `from` on; another workspace's answers 404. */
export class GetDecisionBatchRequest {
  @IsUUID()
  workspace_id: string;

  @IsString()
  @Length(1, 100)
  id: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(DECISION_BATCH_MAX_ITEMS)
  from?: number;

  /** At most this many results per message (a transport message stays well under NATS's 1 MB). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(DECISION_BATCH_RESULTS_PAGE)
  limit?: number;
}

/** The answer to one item: the decision, or the error POST /v1/decisions would have answered (refunded). */
export class DecisionBatchResult {
  /** Position of the item in `items`, from 0 */
  @IsNumber()
  index: number;

  /** 200 with `decision`; otherwise the status POST /v1/decisions would have answered, with `error` */
  @IsIn([200, 422, 500, 503])
  status: number;

  /** status 200: the decision (also at GET /v1/decisions/{id}) */
  decision?: DecisionResponse;

  /** the error in the contract shape (422 `validation_error` with `field`); its price is refunded */
  error?: { error: string; message: string; code: string; [extra: string]: unknown };
}

export class DecisionBatchResponse {
  /** Always `decision_batch`. */
  @IsIn(['decision_batch'])
  object: 'decision_batch';

  /** GET /v1/decisions/batch/{id} answers for it */
  @IsUUID()
  id: string;

  /** `running` while items are being answered */
  @IsIn(DECISION_BATCH_STATUSES)
  status: DecisionBatchStatus;

  /** Items in the batch. */
  @Min(1)
  @Max(DECISION_BATCH_MAX_ITEMS)
  item_count: number;

  /** items answered so far, decisions and errors */
  @IsNumber()
  processed_count: number;

  /** Items answered with a decision. */
  @IsNumber()
  succeeded_count: number;

  /** items answered with an error (refunded) */
  @IsNumber()
  failed_count: number;

  /** the batch's price, debited at once when it was accepted: 1 per item, 3 with reasoning */
  @IsNumber()
  credits_charged: number;

  /** given back for the failed items (once the batch is done) */
  @IsNumber()
  credits_refunded: number;

  /** credits_charged − credits_refunded */
  @IsNumber()
  credits_used: number;

  /** the balance right after the batch's debit, and after its refund once done */
  @IsNumber()
  credits_remaining: number;

  /** When it was accepted. */
  @IsISO8601()
  created_at: string;

  /** When its last item was answered; null while running. */
  @IsOptional()
  @IsISO8601()
  completed_at: string | null;

  /** In item order; empty in the 202 answer of a job (GET /v1/decisions/batch/{id} returns them) */
  results: DecisionBatchResult[];
}
