import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

export interface PushSubscriptionRow {
  id: string;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date;
}

@Injectable()
export class PushSubscriptionsRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  /** A browser re-subscribing keeps one row; an endpoint moves to whoever subscribes it last. */
  async upsert(subscription: Omit<PushSubscriptionRow, 'id' | 'created_at'>): Promise<PushSubscriptionRow> {
    const rows = await this.dataSource.query<PushSubscriptionRow[]>(
      `INSERT INTO notification.push_subscriptions (account_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET account_id = EXCLUDED.account_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
       RETURNING *`,
      [subscription.account_id, subscription.endpoint, subscription.p256dh, subscription.auth],
    );
    return rows[0];
  }

  ofAccount(accountId: string): Promise<PushSubscriptionRow[]> {
    return this.dataSource.query<PushSubscriptionRow[]>(
      `SELECT * FROM notification.push_subscriptions WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
  }

  async byEndpoint(endpoint: string): Promise<PushSubscriptionRow | null> {
    const rows = await this.dataSource.query<PushSubscriptionRow[]>(
      `SELECT * FROM notification.push_subscriptions WHERE endpoint = $1`,
      [endpoint],
    );
    return rows[0] ?? null;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH gone AS (DELETE FROM notification.push_subscriptions WHERE id = $1 AND account_id = $2 RETURNING id)
       SELECT id FROM gone`,
      [id, accountId],
    );
    return rows.length > 0;
  }

  async deleteEndpoint(endpoint: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM notification.push_subscriptions WHERE endpoint = $1`, [endpoint]);
  }
}
