import type { ConnectedAppListResponse, ConnectedAppResponse } from '@app/contracts';
import type { ConnectedAppRow } from './connected-apps.repository';

export function toConnectedAppListResponse(rows: ConnectedAppRow[]): ConnectedAppListResponse {
  const data = rows.map((row): ConnectedAppResponse => ({
    object: 'connected_app',
    client_id: row.client_id,
    client_name: row.client_name,
    client_uri: row.client_uri,
    scopes: row.scopes ?? [],
    connected_at: new Date(row.connected_at).toISOString(),
  }));
  return { object: 'list', data, total: data.length };
}
