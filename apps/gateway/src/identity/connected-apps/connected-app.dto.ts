import { ApiProperty } from '@nestjs/swagger';
import type { ConnectedAppRow } from './connected-apps.repository';

export class ConnectedAppDto {
  @ApiProperty({ enum: ['connected_app'] })
  object: 'connected_app';

  @ApiProperty({ description: 'The OAuth client id (from dynamic registration).', example: 'b5bN2m3ZkY0f3f5u1m0pQ' })
  client_id: string;

  @ApiProperty({ nullable: true, type: String, description: 'The name the app registered.', example: 'Claude' })
  client_name: string | null;

  @ApiProperty({ nullable: true, type: String, description: "The app's home page, when it gave one." })
  client_uri: string | null;

  @ApiProperty({ type: [String], description: 'Scopes granted (`mcp`: the MCP tools your role allows).' })
  scopes: string[];

  @ApiProperty({ format: 'date-time', description: 'When you first allowed it.' })
  connected_at: string;
}

export class ConnectedAppListDto {
  @ApiProperty({ enum: ['list'] })
  object: 'list';

  @ApiProperty({ type: [ConnectedAppDto] })
  data: ConnectedAppDto[];

  @ApiProperty({ example: 1 })
  total: number;
}

export function toConnectedAppListDto(rows: ConnectedAppRow[]): ConnectedAppListDto {
  const data = rows.map((row): ConnectedAppDto => ({
    object: 'connected_app',
    client_id: row.client_id,
    client_name: row.client_name,
    client_uri: row.client_uri,
    scopes: row.scopes ?? [],
    connected_at: new Date(row.connected_at).toISOString(),
  }));
  return { object: 'list', data, total: data.length };
}
