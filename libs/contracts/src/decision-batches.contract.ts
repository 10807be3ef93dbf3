import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from '@app/validation';
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
export type DecisionBatchResult =
  | { index: number; status: 200; decision: DecisionResponse }
  | {
      index: number;
      status: number;
      error: { error: string; message: string; code: string; [extra: string]: unknown };
    };

export interface DecisionBatchResponse {
  object: 'decision_batch';
  id: string;
  status: DecisionBatchStatus;
  item_count: number;
  /** Items answered so far (decisions and errors). */
  processed_count: number;
  succeeded_count: number;
  failed_count: number;
  /** What the whole batch cost when it was accepted (debited at once). */
  credits_charged: number;
  /** Given back for the items that failed. */
  credits_refunded: number;
  /** credits_charged − credits_refunded, once done. */
  credits_used: number;
  /** The balance right after the batch's debit, and after its refund once done. */
  credits_remaining: number;
  created_at: string;
  completed_at: string | null;
  /** In item order. Empty in the 202 answer of a job: GET /v1/decisions/batch/{id} returns them. */
  results: DecisionBatchResult[];
}
