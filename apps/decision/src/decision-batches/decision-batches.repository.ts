import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DecisionBatchResult, DecisionResponse } from '@app/contracts';
import { DECISION_DATABASE } from '../locations/locations.repository';

export interface DecisionBatchRow {
  id: string;
  workspace_id: string;
  request_hash: string;
  status: 'pending' | 'running' | 'done';
  item_count: number;
  succeeded_count: number;
  failed_count: number;
  credits_charged: number;
  credits_refunded: number;
  credits_remaining: number;
  created_at: Date;
  completed_at: Date | null;
}

export type BatchClaim = { claimed: true } | { claimed: false; existing: DecisionBatchRow };

/** Batch jobs and their answered items; every query on them. */
@Injectable()
export class DecisionBatchesRepository {
  constructor(@InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Records a new batch (`pending` until paid). With an Idempotency-Key, the first request
   * holding it wins; the others get that batch back.
   */
  async claim(batch: {
    id: string;
    workspaceId: string;
    key: string | undefined;
    requestHash: string;
    itemCount: number;
  }): Promise<BatchClaim> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO "decision"."decision_batches" (id, workspace_id, idempotency_key, request_hash, status, item_count)
       VALUES ($1, $2, $3, $4, 'pending', $5)
       ON CONFLICT (workspace_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [batch.id, batch.workspaceId, batch.key ?? null, batch.requestHash, batch.itemCount],
    );
    if (rows.length > 0) return { claimed: true };
    const existing = await this.dataSource.query<DecisionBatchRow[]>(
      `SELECT * FROM "decision"."decision_batches" WHERE workspace_id = $1 AND idempotency_key = $2`,
      [batch.workspaceId, batch.key],
    );
    // The holder gave the key back (its debit was refused) between the two reads: try again.
    return existing[0] ? { claimed: false, existing: existing[0] } : this.claim(batch);
  }

  /** A batch refused at its debit leaves nothing behind, so the same key can be used again. */
  async release(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "decision"."decision_batches" WHERE id = $1 AND status = 'pending'`, [id]);
  }

  async markPaid(id: string, charged: number, balance: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "decision"."decision_batches" SET status = 'running', credits_charged = $2, credits_remaining = $3
       WHERE id = $1`,
      [id, charged, balance],
    );
  }

  /**
   * One chunk of answered items in one transaction: the results, the decisions made (so
   * GET /v1/decisions/{id} finds each), and the counts.
   */
  async recordChunk(
    batch: { id: string; workspaceId: string },
    results: DecisionBatchResult[],
    decisions: { response: DecisionResponse; requestHash: string }[],
  ): Promise<void> {
    const succeeded = results.filter((result) => result.status === 200).length;
    await this.dataSource.transaction(async (tx) => {
      if (decisions.length > 0)
        await tx.query(
          `INSERT INTO "decision"."decisions" (id, workspace_id, request_hash, status, response, created_at)
           SELECT id, $1, hash, 'done', response, created_at
           FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) AS d(id, hash, response, created_at)`,
          [
            batch.workspaceId,
            decisions.map((d) => d.response.id),
            decisions.map((d) => d.requestHash),
            decisions.map((d) => JSON.stringify(d.response)),
            decisions.map((d) => d.response.created_at),
          ],
        );
      await tx.query(
        `INSERT INTO "decision"."decision_batch_items" (batch_id, item_index, result)
         SELECT $1, item_index, result FROM unnest($2::int[], $3::text[]) AS r(item_index, result)`,
        [batch.id, results.map((result) => result.index), results.map((result) => JSON.stringify(result))],
      );
      await tx.query(
        `UPDATE "decision"."decision_batches"
         SET succeeded_count = succeeded_count + $2, failed_count = failed_count + $3 WHERE id = $1`,
        [batch.id, succeeded, results.length - succeeded],
      );
    });
  }

  async complete(id: string, refunded: number, balance: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "decision"."decision_batches"
       SET status = 'done', credits_refunded = $2, credits_remaining = $3, completed_at = now() WHERE id = $1`,
      [id, refunded, balance],
    );
  }

  /** A batch of the workspace that was paid for, or null (another workspace's, unknown, or refused). */
  async find(workspaceId: string, id: string): Promise<DecisionBatchRow | null> {
    const rows = await this.dataSource.query<DecisionBatchRow[]>(
      `SELECT * FROM "decision"."decision_batches" WHERE id = $1 AND workspace_id = $2 AND status <> 'pending'`,
      [id, workspaceId],
    );
    return rows[0] ?? null;
  }

  /** Up to `limit` answered items from index `from` on, in item order, as first written. */
  async results(id: string, from: number, limit: number): Promise<DecisionBatchResult[]> {
    const rows = await this.dataSource.query<{ result: string }[]>(
      `SELECT result FROM "decision"."decision_batch_items" WHERE batch_id = $1 AND item_index >= $2
       ORDER BY item_index LIMIT $3`,
      [id, from, limit],
    );
    return rows.map((row) => JSON.parse(row.result) as DecisionBatchResult);
  }
}
