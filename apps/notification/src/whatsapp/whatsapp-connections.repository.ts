import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

export interface WhatsAppConnectionRow {
  workspace_id: string;
  phone_number_id: string;
  display_phone_number: string | null;
  verified_name: string | null;
  template: string | null;
  access_token_sealed: string;
  enabled: boolean;
  connected_at: Date;
  updated_at: Date;
}

export type NewWhatsAppConnection = Omit<WhatsAppConnectionRow, 'connected_at' | 'updated_at'>;

@Injectable()
export class WhatsAppConnectionsRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  async find(workspaceId: string): Promise<WhatsAppConnectionRow | null> {
    const rows = await this.dataSource.query<WhatsAppConnectionRow[]>(
      `SELECT * FROM notification.whatsapp_connections WHERE workspace_id = $1`,
      [workspaceId],
    );
    return rows[0] ?? null;
  }

  /** Connecting again replaces the number and token; `connected_at` then says when. */
  async upsert(connection: NewWhatsAppConnection): Promise<WhatsAppConnectionRow> {
    const rows = await this.dataSource.query<WhatsAppConnectionRow[]>(
      `INSERT INTO notification.whatsapp_connections
         (workspace_id, phone_number_id, display_phone_number, verified_name, template, access_token_sealed, enabled)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (workspace_id) DO UPDATE SET
         phone_number_id = EXCLUDED.phone_number_id, display_phone_number = EXCLUDED.display_phone_number,
         verified_name = EXCLUDED.verified_name, template = EXCLUDED.template,
         access_token_sealed = EXCLUDED.access_token_sealed, enabled = EXCLUDED.enabled,
         connected_at = now(), updated_at = now()
       RETURNING *`,
      [
        connection.workspace_id,
        connection.phone_number_id,
        connection.display_phone_number,
        connection.verified_name,
        connection.template,
        connection.access_token_sealed,
        connection.enabled,
      ],
    );
    return rows[0];
  }

  async delete(workspaceId: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ workspace_id: string }[]>(
      `WITH gone AS (DELETE FROM notification.whatsapp_connections WHERE workspace_id = $1 RETURNING workspace_id)
       SELECT workspace_id FROM gone`,
      [workspaceId],
    );
    return rows.length > 0;
  }
}
