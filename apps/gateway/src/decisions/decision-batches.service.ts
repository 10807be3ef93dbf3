import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { DECISION_BATCH_RESULTS_PAGE, DecisionsRpc } from '@app/contracts';
import type {
  CreateDecisionBatchRequest,
  DecisionBatchResponse,
  DecisionBatchResult,
  GetDecisionBatchRequest,
  Principal,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { workspaceOf } from '../identity/access/principal-workspace';

/** How often a streamed batch looks for newly answered items. */
const STREAM_POLL_MS = 100;

/**
 * The gateway's side of batches: the decision service answers in pages (a transport message
 * stays small), the gateway puts the pages together, or streams them as they are answered.
 */
@Injectable()
export class DecisionBatchesService {
  constructor(private readonly rpc: RpcClient) {}

  /** A finished batch with all its results, or a running job (202) with none yet. */
  async create(principal: Principal, body: unknown, idempotencyKey?: string): Promise<DecisionBatchResponse> {
    const request = batchRequest(principal, body, idempotencyKey);
    const batch = await this.rpc.call(DecisionsRpc.createBatch, request);
    return batch.status === 'done' ? this.complete(request.workspace_id, batch) : batch;
  }

  async get(principal: Principal, id: string): Promise<DecisionBatchResponse> {
    const workspaceId = workspaceOf(principal);
    return this.complete(workspaceId, await this.page({ workspace_id: workspaceId, id }));
  }

  /**
   * Starts (or replays) the batch as a job and hands each result to `write` as soon as it is
   * answered, in item order, then the batch without its results. Stops when `closed` says so.
   */
  async stream(
    principal: Principal,
    body: unknown,
    idempotencyKey: string | undefined,
    write: (line: DecisionBatchResult | DecisionBatchResponse) => void,
    closed: () => boolean,
  ): Promise<void> {
    const request = batchRequest(principal, body, idempotencyKey);
    const started = await this.rpc.call(DecisionsRpc.createBatch, { ...request, detach: true });
    let from = 0;
    for (;;) {
      const page = await this.page({ workspace_id: request.workspace_id, id: started.id, from });
      page.results.forEach(write);
      from += page.results.length;
      if (page.status === 'done' && from >= page.processed_count) return write({ ...page, results: [] });
      if (closed()) return;
      if (page.results.length < DECISION_BATCH_RESULTS_PAGE) await sleep(STREAM_POLL_MS);
    }
  }

  /** The remaining pages of results, fetched until all the batch's answered items are in. */
  private async complete(workspaceId: string, batch: DecisionBatchResponse): Promise<DecisionBatchResponse> {
    const results = [...batch.results];
    while (results.length < batch.processed_count) {
      const page = await this.page({ workspace_id: workspaceId, id: batch.id, from: results.length });
      if (page.results.length === 0) break;
      results.push(...page.results);
    }
    return { ...batch, results };
  }

  private page(request: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    return this.rpc.call(DecisionsRpc.getBatch, request);
  }
}

/** The body goes to the decision service as received: it checks the batch, then each item. */
function batchRequest(principal: Principal, body: unknown, idempotencyKey?: string): CreateDecisionBatchRequest {
  return {
    workspace_id: workspaceOf(principal),
    body: body ?? null,
    ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
  };
}
