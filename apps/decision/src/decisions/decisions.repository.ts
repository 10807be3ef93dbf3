import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DECISION_ABANDONED, DECISION_REFUND_OWED } from '@app/contracts';
import type { DecisionAbandonedPayload, DecisionResponse, RefundOwedPayload } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { DECISION_DATABASE } from '../locations/locations.repository';

export type KeyClaim =
  { claimed: true; id: string } | { claimed: false; requestHash: string; response: DecisionResponse | null };

/** Decisions made, one round trip per call. */
@Injectable()
export class DecisionsRepository {
  constructor(
    @InjectDataSource(DECISION_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Takes an Idempotency-Key for this request, or reports who holds it (and their answer when done). */
  async claim(workspaceId: string, key: string, requestHash: string): Promise<KeyClaim> {
    const rows = await this.dataSource.query<
      { id: string; claimed: boolean; request_hash: string; response: string | null }[]
    >(
      `WITH taken AS (
         INSERT INTO "decision"."decisions" (workspace_id, idempotency_key, request_hash, status)
         VALUES ($1, $2, $3, 'pending')
         ON CONFLICT (workspace_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id)
       SELECT id, true AS claimed, $3 AS request_hash, NULL::text AS response FROM taken
       UNION ALL
       SELECT id, false, request_hash, response FROM "decision"."decisions"
       WHERE workspace_id = $1 AND idempotency_key = $2 AND NOT EXISTS (SELECT 1 FROM taken)`,
      [workspaceId, key, requestHash],
    );
    const row = rows[0];
    if (!row) return this.claim(workspaceId, key, requestHash); // the holder released it between the two reads
    return row.claimed
      ? { claimed: true, id: row.id }
      : {
          claimed: false,
          requestHash: row.request_hash,
          response: row.response === null ? null : answerOf(row.response),
        };
  }

  /** A finished decision of the workspace, or null (another workspace's, unknown, or still running). */
  async find(workspaceId: string, id: string): Promise<DecisionResponse | null> {
    const rows = await this.dataSource.query<{ response: string }[]>(
      `SELECT response FROM "decision"."decisions" WHERE id = $1 AND workspace_id = $2 AND status = 'done'`,
      [id, workspaceId],
    );
    return rows[0] ? answerOf(rows[0].response) : null;
  }

  /** Newest first; one extra row tells whether there is more. */
  async page(workspaceId: string, limit: number, offset: number): Promise<DecisionResponse[]> {
    const rows = await this.dataSource.query<{ response: string }[]>(
      `SELECT response FROM "decision"."decisions" WHERE workspace_id = $1 AND status = 'done'
       ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [workspaceId, limit + 1, offset],
    );
    return rows.map((row) => answerOf(row.response));
  }

  /** Billing refunds from this event when it could not be asked in the request (outbox: never lost). */
  async recordRefundOwed(payload: RefundOwedPayload): Promise<void> {
    await this.dataSource.transaction((tx) => this.outbox.add<RefundOwedPayload>(tx, DECISION_REFUND_OWED, payload));
  }

  /**
   * Claims pending longer than `staleSeconds` belong to requests whose process died: each is
   * deleted (its key is free again, for a new id) and, in the same transaction, announced so
   * billing refunds any debit made under its id. Replicas may sweep at once: a row goes once.
   */
  async abandonStaleClaims(staleSeconds: number): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      // TypeORM answers a DELETE with [rows, count].
      const [rows] = await tx.query<[{ id: string; workspace_id: string }[], number]>(
        `DELETE FROM "decision"."decisions" WHERE id IN (
           SELECT id FROM "decision"."decisions"
            WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1)
            LIMIT 500 FOR UPDATE SKIP LOCKED)
         RETURNING id, workspace_id`,
        [staleSeconds],
      );
      for (const row of rows)
        await this.outbox.add<DecisionAbandonedPayload>(tx, DECISION_ABANDONED, {
          workspace_id: row.workspace_id,
          decision_id: row.id,
        });
      return rows.length;
    });
  }

  /** Gives a claim back when the request ends without an answer to keep (402 at the debit, AI outage). */
  async release(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "decision"."decisions" WHERE id = $1 AND status = 'pending'`, [id]);
  }

  /** Stores the answer of a claim; a claim abandoned meanwhile (its debit refunded) fails the request. */
  async complete(id: string, response: DecisionResponse): Promise<void> {
    // TypeORM answers an UPDATE with [rows, count].
    const [rows] = await this.dataSource.query<[{ id: string }[], number]>(
      `UPDATE "decision"."decisions" SET status = 'done', response = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, JSON.stringify(response)],
    );
    if (rows.length === 0) throw new Error(`Decision claim ${id} was abandoned before its answer was stored`);
  }

  async insert(workspaceId: string, requestHash: string, response: DecisionResponse): Promise<void> {
    await this.dataSource.query(INSERT_DECISION_SQL, insertDecisionParameters(workspaceId, requestHash, response));
  }
}

/**
 * The stored answer, as first sent: kept as JSON text (not jsonb, which reorders keys), parsed
 * back in its original key order, so a replay serialises to the same bytes.
 */
function answerOf(text: string): DecisionResponse {
  return JSON.parse(text) as DecisionResponse;
}

/** A decision answered without an Idempotency-Key: one INSERT (exported for the benchmark's baseline). */
export const INSERT_DECISION_SQL = `INSERT INTO "decision"."decisions" (id, workspace_id, request_hash, status, response, created_at)
  VALUES ($1, $2, $3, 'done', $4, $5)`;

export function insertDecisionParameters(
  workspaceId: string,
  requestHash: string,
  response: DecisionResponse,
): unknown[] {
  return [response.id, workspaceId, requestHash, JSON.stringify(response), response.created_at];
}
