import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { isUUID } from '@app/validation';
import { DECISION_BATCH_INLINE_MAX_ITEMS, DECISION_BATCH_RESULTS_PAGE, decisionCost } from '@app/contracts';
import type {
  CreateDecisionBatchRequest,
  DecisionBatchResponse,
  DecisionBatchResult,
  DecisionResponse,
  GetDecisionBatchRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { BillingClient } from '../decisions/billing.client';
import { DecisionsRepository } from '../decisions/decisions.repository';
import { DecisionsService } from '../decisions/decisions.service';
import { requestHash } from '../decisions/request-hash';
import { toDecisionBatchResponse } from './decision-batch.dto';
import { DecisionBatchesRepository } from './decision-batches.repository';
import type { DecisionBatchRow } from './decision-batches.repository';
import { validateBatchBody } from './validate-batch-body';

/** Items answered (and written) together: the unit of progress a job shows. */
const CHUNK_SIZE = 50;
/** A replay of a batch still being paid for waits this long (one billing call) for it, then 409. */
const ACCEPT_WAIT_MS = 10_000;
const ACCEPT_POLL_MS = 50;

interface PaidBatch {
  id: string;
  workspaceId: string;
  items: unknown[];
  debitEntryId: string;
  /** The balance right after the batch's debit. */
  balance: number;
}

/**
 * POST /v1/decisions/batch: the batch's shape (422), its price (the sum of its items'), one
 * debit for all of it (402 before any work: billing's conditional debit is the atomic check),
 * then each item through the single-decision path. A failed item is answered with the error a
 * single call would have got and its price is refunded, in one refund at the end.
 */
@Injectable()
export class DecisionBatchesService {
  private readonly logger = new Logger(DecisionBatchesService.name);

  constructor(
    private readonly decisions: DecisionsService,
    private readonly decisionsRepository: DecisionsRepository,
    private readonly billing: BillingClient,
    private readonly repository: DecisionBatchesRepository,
  ) {}

  async create(req: CreateDecisionBatchRequest): Promise<DecisionBatchResponse> {
    const items = validateBatchBody(req.body);
    const price = items.reduce<number>(
      (sum, item) => sum + decisionCost((item as { reasoning?: unknown } | null)?.reasoning),
      0,
    );
    const hash = requestHash(req.body);
    const id = randomUUID();
    const claimRequest = {
      id,
      workspaceId: req.workspace_id,
      key: req.idempotency_key,
      requestHash: hash,
      itemCount: items.length,
    };
    // The one rule of docs/api.md: the same key and body again get the first batch, waiting while it
    // is `pending` (its debit being made); one given back (debit refused) is claimed by this request.
    const deadline = Date.now() + ACCEPT_WAIT_MS;
    let claim = await this.repository.claim(claimRequest);
    while (!claim.claimed) {
      if (claim.existing.request_hash !== hash)
        throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
      if (claim.existing.status !== 'pending') return this.replay(claim.existing);
      if (Date.now() >= deadline)
        throw new AppError(
          'idempotency_conflict',
          'A batch with this Idempotency-Key is being accepted; retry shortly.',
        );
      await sleep(ACCEPT_POLL_MS);
      claim = await this.repository.claim(claimRequest);
    }

    let debit: { entry_id: string; balance: number };
    try {
      debit = await this.billing.debit({
        workspace_id: req.workspace_id,
        asset: 'decisions',
        amount: price,
        request_id: `decision_batch:${id}`,
        reason: 'decision_batch',
        reference: `decision_batch:${id}`,
      });
    } catch (err) {
      await this.repository.release(id);
      throw err;
    }
    await this.repository.markPaid(id, price, debit.balance);
    const batch: PaidBatch = {
      id,
      workspaceId: req.workspace_id,
      items,
      debitEntryId: debit.entry_id,
      balance: debit.balance,
    };
    if (req.detach || items.length > DECISION_BATCH_INLINE_MAX_ITEMS) {
      // A job: any replica answers GET from the database while this one works through it.
      void this.process(batch).catch((err: unknown) => this.logger.error(`Batch ${id} stopped: ${String(err)}`));
      return this.get({ workspace_id: req.workspace_id, id, limit: 0 });
    }
    await this.process(batch);
    return this.get({ workspace_id: req.workspace_id, id });
  }

  async get(req: GetDecisionBatchRequest): Promise<DecisionBatchResponse> {
    const row = isUUID(req.id) ? await this.repository.find(req.workspace_id, req.id) : null;
    if (!row) throw new AppError('not_found', 'There is no such batch in your workspace.');
    const limit = req.limit ?? DECISION_BATCH_RESULTS_PAGE;
    return toDecisionBatchResponse(row, await this.repository.results(row.id, req.from ?? 0, limit));
  }

  /** The first batch (charged once): finished, or still running. */
  private async replay(existing: DecisionBatchRow): Promise<DecisionBatchResponse> {
    const limit = existing.status === 'done' ? DECISION_BATCH_RESULTS_PAGE : 0;
    return toDecisionBatchResponse(existing, await this.repository.results(existing.id, 0, limit));
  }

  private async process(batch: PaidBatch): Promise<void> {
    let refund = 0;
    for (let start = 0; start < batch.items.length; start += CHUNK_SIZE) {
      const chunk = batch.items.slice(start, start + CHUNK_SIZE);
      const answered = await Promise.all(chunk.map((item, offset) => this.answer(batch, item, start + offset)));
      refund += answered.reduce((sum, a) => sum + a.refund, 0);
      await this.repository.recordChunk(
        batch,
        answered.map((a) => a.result),
        answered.flatMap((a) => (a.decision ? [a.decision] : [])),
      );
    }
    await this.repository.complete(batch.id, refund, await this.refund(batch, refund));
  }

  /** One item through the single-decision path: its decision, or its error and the price to give back. */
  private async answer(
    batch: PaidBatch,
    item: unknown,
    index: number,
  ): Promise<{
    result: DecisionBatchResult;
    refund: number;
    decision?: { response: DecisionResponse; requestHash: string };
  }> {
    const cost = decisionCost((item as { reasoning?: unknown } | null)?.reasoning);
    try {
      const { body, location } = this.decisions.prepare(item);
      const response = await this.decisions.compute(randomUUID(), body, location, cost, batch.balance);
      return {
        result: { index, status: 200, decision: response },
        refund: 0,
        decision: { response, requestHash: requestHash(item) },
      };
    } catch (err) {
      const error = err instanceof AppError ? err : new AppError('internal_error', 'This item could not be answered.');
      if (!(err instanceof AppError)) this.logger.error(`Batch ${batch.id} item ${index}: ${String(err)}`);
      return { result: { index, status: error.status, error: error.toEnvelope() }, refund: cost };
    }
  }

  /** Gives back the failed items' price in one refund; owed through the outbox when billing is away. */
  private async refund(batch: PaidBatch, amount: number): Promise<number> {
    if (amount === 0) return batch.balance;
    try {
      const refund = await this.billing.refund({
        debit_entry_id: batch.debitEntryId,
        request_id: `refund:${batch.debitEntryId}`,
        amount,
      });
      return refund.balance;
    } catch (err) {
      this.logger.warn(`Refund of batch ${batch.id} deferred to an event: ${String(err)}`);
      await this.decisionsRepository.recordRefundOwed({
        workspace_id: batch.workspaceId,
        decision_id: batch.id,
        debit_entry_id: batch.debitEntryId,
        amount,
      });
      return batch.balance + amount;
    }
  }
}
