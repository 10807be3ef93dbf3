import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BILLING_DATABASE } from '../database/billing.database';

export interface Subscription {
  workspace_id: string;
  plan: string;
}

@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource(BILLING_DATABASE) private readonly dataSource: DataSource) {}

  async subscribe(tx: EntityManager, workspaceId: string, plan: string, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO "billing"."plan_subscriptions" (workspace_id, plan, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id) DO NOTHING`,
      [workspaceId, plan, at],
    );
  }

  /** Subscriptions without this period's grant yet, a batch at a time. */
  due(grantKey: string, limit: number): Promise<Subscription[]> {
    return this.dataSource.query<Subscription[]>(
      `SELECT s.workspace_id, s.plan FROM "billing"."plan_subscriptions" s
       WHERE NOT EXISTS (SELECT 1 FROM "billing"."ledger_entries" e
                         WHERE e.workspace_id = s.workspace_id AND e.idempotency_key = $1)
       ORDER BY s.workspace_id LIMIT $2`,
      [grantKey, limit],
    );
  }
}
