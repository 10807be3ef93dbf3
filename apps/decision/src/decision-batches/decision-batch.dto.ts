import type { DecisionBatchResponse, DecisionBatchResult } from '@app/contracts';
import type { DecisionBatchRow } from './decision-batches.repository';

/** A batch as answered by POST and GET: its counts, credits and the results asked for. */
export function toDecisionBatchResponse(row: DecisionBatchRow, results: DecisionBatchResult[]): DecisionBatchResponse {
  const done = row.status === 'done';
  return {
    object: 'decision_batch',
    id: row.id,
    status: done ? 'done' : 'running',
    item_count: row.item_count,
    processed_count: row.succeeded_count + row.failed_count,
    succeeded_count: row.succeeded_count,
    failed_count: row.failed_count,
    credits_charged: row.credits_charged,
    credits_refunded: row.credits_refunded,
    credits_used: row.credits_charged - row.credits_refunded,
    credits_remaining: row.credits_remaining,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    results,
  };
}
