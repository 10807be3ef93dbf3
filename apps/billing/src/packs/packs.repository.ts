import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DecisionPackSize } from '@app/contracts';
import { BILLING_DATABASE } from '../database/billing.database';

export interface PackRow {
  id: string;
  workspace_id: string;
  size: DecisionPackSize;
  provider: string;
  provider_reference: string;
  entry_id: string | null;
  idempotency_key: string;
  purchased_at: Date;
  refunded_at: Date | null;
  refunded_decisions: number | null;
  /** The decision balance right after the purchase (from its ledger entry). */
  balance_after?: number;
}

export type NewPack = Pick<
  PackRow,
  'id' | 'workspace_id' | 'size' | 'provider' | 'provider_reference' | 'idempotency_key' | 'purchased_at'
>;

const WITH_BALANCE = `SELECT p.*, e.balance_after FROM "billing"."packs" p
  LEFT JOIN "billing"."ledger_entries" e ON e.id = p.entry_id`;

@Injectable()
export class PacksRepository {
  constructor(@InjectDataSource(BILLING_DATABASE) private readonly dataSource: DataSource) {}

  /** Null when a pack with this idempotency key exists (a concurrent twin waits for its commit first). */
  async insert(tx: EntityManager, pack: NewPack): Promise<PackRow | null> {
    const rows = await tx.query<PackRow[]>(
      `INSERT INTO "billing"."packs"
         (id, workspace_id, size, provider, provider_reference, idempotency_key, purchased_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING *`,
      [
        pack.id,
        pack.workspace_id,
        pack.size,
        pack.provider,
        pack.provider_reference,
        pack.idempotency_key,
        pack.purchased_at,
      ],
    );
    return rows[0] ?? null;
  }

  async setEntry(tx: EntityManager, packId: string, entryId: string): Promise<void> {
    await tx.query(`UPDATE "billing"."packs" SET entry_id = $2 WHERE id = $1`, [packId, entryId]);
  }

  /** The pack with the decision balance right after its purchase. */
  async findById(id: string): Promise<PackRow | null> {
    const rows = await this.dataSource.query<PackRow[]>(`${WITH_BALANCE} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The pack of this workspace, locked for the refund; another workspace's pack is not found. */
  async findForUpdate(tx: EntityManager, workspaceId: string, packId: string): Promise<PackRow | null> {
    const rows = await tx.query<PackRow[]>(
      `SELECT * FROM "billing"."packs" WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
      [packId, workspaceId],
    );
    return rows[0] ?? null;
  }

  async markRefunded(tx: EntityManager, packId: string, at: Date, decisions: number): Promise<PackRow> {
    const rows = await tx.query<[PackRow[], number]>(
      `UPDATE "billing"."packs" SET refunded_at = $2, refunded_decisions = $3 WHERE id = $1 RETURNING *`,
      [packId, at, decisions],
    );
    return rows[0][0];
  }
}
