import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PurchaseProduct, PurchaseState } from '@app/contracts';
import { BILLING_DATABASE } from '../database/billing.database';

export interface PurchaseRow {
  id: string;
  workspace_id: string;
  product: PurchaseProduct;
  quantity: number;
  amount: number;
  currency: string;
  state: PurchaseState;
  provider: string;
  session_reference: string | null;
  payment_reference: string | null;
  checkout_url: string | null;
  idempotency_key: string;
  created_at: Date;
  settled_at: Date | null;
}

export type NewPurchase = Pick<
  PurchaseRow,
  'id' | 'workspace_id' | 'product' | 'quantity' | 'amount' | 'currency' | 'provider' | 'idempotency_key' | 'created_at'
>;

/** Purchases and the provider events already acted on. */
@Injectable()
export class PurchasesRepository {
  constructor(@InjectDataSource(BILLING_DATABASE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A pending purchase, committed before the provider hears of it; null when the key is taken. */
  async insertPending(purchase: NewPurchase): Promise<PurchaseRow | null> {
    const rows = await this.dataSource.query<PurchaseRow[]>(
      `INSERT INTO "billing"."purchases"
         (id, workspace_id, product, quantity, amount, currency, state, provider, idempotency_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)
       ON CONFLICT (workspace_id, product, idempotency_key) DO NOTHING RETURNING *`,
      [
        purchase.id,
        purchase.workspace_id,
        purchase.product,
        purchase.quantity,
        purchase.amount,
        purchase.currency,
        purchase.provider,
        purchase.idempotency_key,
        purchase.created_at,
      ],
    );
    return rows[0] ?? null;
  }

  async findByKey(workspaceId: string, product: PurchaseProduct, key: string): Promise<PurchaseRow | null> {
    const rows = await this.dataSource.query<PurchaseRow[]>(
      `SELECT * FROM "billing"."purchases" WHERE workspace_id = $1 AND product = $2 AND idempotency_key = $3`,
      [workspaceId, product, key],
    );
    return rows[0] ?? null;
  }

  async findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<PurchaseRow | null> {
    const rows = await tx.query<PurchaseRow[]>(`SELECT * FROM "billing"."purchases" WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(tx: EntityManager, id: string): Promise<PurchaseRow | null> {
    const rows = await tx.query<PurchaseRow[]>(`SELECT * FROM "billing"."purchases" WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** The provider's session for a purchase still pending (a webhook may have settled it already). */
  async setCheckout(id: string, sessionReference: string, checkoutUrl: string): Promise<PurchaseRow | null> {
    const [rows] = await this.dataSource.query<[PurchaseRow[], number]>(
      `UPDATE "billing"."purchases" SET session_reference = $2,
         checkout_url = CASE WHEN state = 'pending' THEN $3 ELSE NULL END
       WHERE id = $1 RETURNING *`,
      [id, sessionReference, checkoutUrl],
    );
    return rows[0] ?? null;
  }

  /** The provider never took it (down, refused): the purchase did not happen, its key is free again. */
  async deleteUnstarted(id: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "billing"."purchases" WHERE id = $1 AND state = 'pending' AND session_reference IS NULL`,
      [id],
    );
  }

  async settle(
    tx: EntityManager,
    id: string,
    state: Exclude<PurchaseState, 'pending'>,
    at: Date,
    paymentReference: string | null,
  ): Promise<PurchaseRow> {
    const [rows] = await tx.query<[PurchaseRow[], number]>(
      `UPDATE "billing"."purchases" SET state = $2, settled_at = $3, checkout_url = NULL,
         payment_reference = COALESCE($4, payment_reference)
       WHERE id = $1 RETURNING *`,
      [id, state, at, paymentReference],
    );
    return rows[0];
  }

  /** Records a provider event once; false when it was already recorded (a redelivery or its twin). */
  async recordEvent(
    tx: EntityManager,
    event: { provider: string; eventId: string; type: string; purchaseId: string | null },
  ): Promise<boolean> {
    const rows = await tx.query<unknown[]>(
      `INSERT INTO "billing"."payment_events" (provider, event_id, type, purchase_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [event.provider, event.eventId, event.type, event.purchaseId],
    );
    return rows.length > 0;
  }

  /** Newest first; one row more than `limit` says whether a next page exists. */
  async page(workspaceId: string, limit: number, offset: number): Promise<PurchaseRow[]> {
    return this.dataSource.query<PurchaseRow[]>(
      `SELECT * FROM "billing"."purchases" WHERE workspace_id = $1
       ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [workspaceId, limit + 1, offset],
    );
  }
}
