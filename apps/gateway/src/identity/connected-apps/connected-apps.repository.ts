import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';

export interface ConnectedAppRow {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  scopes: string[] | null;
  connected_at: Date;
}

/** OAuth grants (identity.oauth_models, kind `Grant`) seen as the apps a user connected. */
@Injectable()
export class ConnectedAppsRepository {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  list(accountId: string): Promise<ConnectedAppRow[]> {
    return this.dataSource.query<ConnectedAppRow[]>(
      `SELECT g.client_id, c.payload->>'client_name' AS client_name, c.payload->>'client_uri' AS client_uri,
              (SELECT array_agg(DISTINCT s ORDER BY s)
                 FROM identity.oauth_models g2,
                      jsonb_each(COALESCE(g2.payload->'resources', '{}'::jsonb)) r,
                      regexp_split_to_table(r.value #>> '{}', ' ') s
                WHERE g2.kind = 'Grant' AND g2.account_id = $1 AND g2.client_id = g.client_id AND s <> '') AS scopes,
              min(g.created_at) AS connected_at
         FROM identity.oauth_models g
         LEFT JOIN identity.oauth_models c ON c.kind = 'Client' AND c.id = g.client_id
        WHERE g.kind = 'Grant' AND g.account_id = $1 AND (g.expires_at IS NULL OR g.expires_at > now())
        GROUP BY g.client_id, c.payload
        ORDER BY connected_at, g.client_id`,
      [accountId],
    );
  }

  /** Every grant of the account to the client and all their tokens, at once; how many grants went. */
  async revoke(accountId: string, clientId: string): Promise<number> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH grants AS (
         SELECT id FROM identity.oauth_models WHERE kind = 'Grant' AND account_id = $1 AND client_id = $2
       ), removed AS (
         DELETE FROM identity.oauth_models WHERE grant_id IN (SELECT id FROM grants) RETURNING kind, id
       )
       SELECT id FROM removed WHERE kind = 'Grant'`,
      [accountId, clientId],
    );
    return rows.length;
  }
}
