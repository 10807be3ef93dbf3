import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Language, NotificationKind } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { notificationConfig } from '../config/notification.env';
import { NOTIFICATION_DATABASE } from '../database/notification.database';
import type { RenderedMessage } from '../templates/messages';

export type DeliveryChannel = 'email' | 'whatsapp' | 'push';

export interface DeliveryRow {
  id: string;
  event_id: string;
  kind: NotificationKind;
  channel: DeliveryChannel;
  account_id: string | null;
  /** The workspace the notification concerns: whose WhatsApp number sends it. */
  workspace_id: string | null;
  address: string;
  language: Language;
  message: RenderedMessage;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
  created_at: Date;
}

export type NewDelivery = Pick<
  DeliveryRow,
  'event_id' | 'kind' | 'channel' | 'account_id' | 'workspace_id' | 'address' | 'language' | 'message'
>;

@Injectable()
export class DeliveriesRepository {
  constructor(
    @InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource,
    @InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>,
  ) {}

  /** Once per event, kind, channel and address: a redelivered event queues nothing twice. */
  async enqueue(tx: EntityManager, delivery: NewDelivery): Promise<void> {
    await tx.query(
      `INSERT INTO notification.deliveries (event_id, kind, channel, account_id, workspace_id, address, language, message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ON CONSTRAINT deliveries_once_uq DO NOTHING`,
      [
        delivery.event_id,
        delivery.kind,
        delivery.channel,
        delivery.account_id,
        delivery.workspace_id,
        delivery.address,
        delivery.language,
        delivery.message,
      ],
    );
  }

  /**
   * Claims due deliveries for NOTIFICATION_LEASE_MS and counts the attempt. SKIP LOCKED lets every
   * replica claim its own; an expired lease (the sender died) makes a row due again.
   */
  claimDue(limit: number): Promise<DeliveryRow[]> {
    return this.dataSource.query<DeliveryRow[]>(
      `WITH due AS (
         SELECT id FROM notification.deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE notification.deliveries d
            SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
           FROM due WHERE d.id = due.id RETURNING d.*)
       SELECT * FROM claimed`,
      [limit, this.config.NOTIFICATION_LEASE_MS / 1000],
    );
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification.deliveries SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  /** A failed attempt: retried after `retryInMs`, or dead when `dead` (visible to operators with its error). */
  async markFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
    await this.dataSource.query(
      retryInMs === null
        ? `UPDATE notification.deliveries SET status = 'dead', last_error = $2 WHERE id = $1`
        : `UPDATE notification.deliveries SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
            WHERE id = $1`,
      retryInMs === null ? [id, error] : [id, error, retryInMs / 1000],
    );
  }
}
