import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookDeliveryStatus, WebhookEventType } from '@app/contracts';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

export interface WebhookRow {
  id: string;
  workspace_id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secret_encrypted: string;
  created_at: Date;
}

export interface WebhookDeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: WebhookEventType;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  give_up_at: Date;
  delivered_at: Date | null;
  created_at: Date;
}

/** A delivery claimed for sending, with what is needed to send it. */
export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret_encrypted: string };

const LEASE_SECONDS = 60;

@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  async insert(webhook: Omit<WebhookRow, 'id' | 'created_at'>): Promise<WebhookRow> {
    const rows = await this.dataSource.query<WebhookRow[]>(
      `INSERT INTO notification.webhooks (workspace_id, url, events, description, secret_encrypted)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [webhook.workspace_id, webhook.url, webhook.events, webhook.description, webhook.secret_encrypted],
    );
    return rows[0];
  }

  list(workspaceId: string): Promise<WebhookRow[]> {
    return this.dataSource.query<WebhookRow[]>(
      `SELECT * FROM notification.webhooks WHERE workspace_id = $1 ORDER BY created_at, id`,
      [workspaceId],
    );
  }

  async find(workspaceId: string, id: string): Promise<WebhookRow | null> {
    const rows = await this.dataSource.query<WebhookRow[]>(
      `SELECT * FROM notification.webhooks WHERE id = $1 AND workspace_id = $2`,
      [id, workspaceId],
    );
    return rows[0] ?? null;
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH gone AS (DELETE FROM notification.webhooks WHERE id = $1 AND workspace_id = $2 RETURNING id)
       SELECT id FROM gone`,
      [id, workspaceId],
    );
    return rows.length > 0;
  }

  /** The workspace's webhooks subscribed to this event type. */
  subscribed(tx: EntityManager, workspaceId: string, eventType: string): Promise<WebhookRow[]> {
    return tx.query<WebhookRow[]>(`SELECT * FROM notification.webhooks WHERE workspace_id = $1 AND $2 = ANY(events)`, [
      workspaceId,
      eventType,
    ]);
  }

  /** Once per webhook and event: a redelivered event queues nothing twice. */
  async enqueue(
    tx: EntityManager,
    delivery: { webhook_id: string; event_id: string; event_type: string; body: string; give_up_at: Date },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO notification.webhook_deliveries (webhook_id, event_id, event_type, body, give_up_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ON CONSTRAINT webhook_deliveries_once_uq DO NOTHING`,
      [delivery.webhook_id, delivery.event_id, delivery.event_type, delivery.body, delivery.give_up_at],
    );
  }

  /** Claims due deliveries with a lease, as the e-mail worker does. */
  claimDue(limit: number): Promise<ClaimedDelivery[]> {
    return this.dataSource.query<ClaimedDelivery[]>(
      `WITH due AS (
         SELECT id FROM notification.webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE notification.webhook_deliveries d
            SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
           FROM due WHERE d.id = due.id RETURNING d.*)
       SELECT c.*, w.url, w.secret_encrypted FROM claimed c JOIN notification.webhooks w ON w.id = c.webhook_id`,
      [limit, LEASE_SECONDS],
    );
  }

  async recordAttempt(
    id: string,
    outcome: { status: WebhookDeliveryStatus; code: number | null; error: string | null; retryInMs: number | null },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification.webhook_deliveries
          SET status = $2, last_status_code = $3, last_error = $4,
              delivered_at = CASE WHEN $2 = 'delivered' THEN now() END,
              next_attempt_at = CASE WHEN $5::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $5::float8) END
        WHERE id = $1`,
      [id, outcome.status, outcome.code, outcome.error, outcome.retryInMs === null ? null : outcome.retryInMs / 1000],
    );
  }

  deliveries(webhookId: string, limit: number, offset: number): Promise<WebhookDeliveryRow[]> {
    return this.dataSource.query<WebhookDeliveryRow[]>(
      `SELECT * FROM notification.webhook_deliveries WHERE webhook_id = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [webhookId, limit + 1, offset],
    );
  }

  /** Queues a delivery again, same id (receivers deduplicate on it), for another retry window. */
  async replay(webhookId: string, deliveryId: string, giveUpAt: Date): Promise<WebhookDeliveryRow | null> {
    const rows = await this.dataSource.query<WebhookDeliveryRow[]>(
      `WITH again AS (
         UPDATE notification.webhook_deliveries
            SET status = 'pending', next_attempt_at = now(), give_up_at = $3, attempts = 0, last_error = NULL
          WHERE id = $2 AND webhook_id = $1 RETURNING *)
       SELECT * FROM again`,
      [webhookId, deliveryId, giveUpAt],
    );
    return rows[0] ?? null;
  }
}
