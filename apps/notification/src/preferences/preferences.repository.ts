import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CHANNELS } from '@app/contracts';
import type { NotificationChannel, NotificationPreferences, PreferencesSetRequest } from '@app/contracts';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

/** Per user and channel; a channel with no row is on (DEFAULT_NOTIFICATION_PREFERENCES). */
@Injectable()
export class PreferencesRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  async of(accountIds: string[], tx?: EntityManager): Promise<Map<string, NotificationPreferences>> {
    const rows = await (tx ?? this.dataSource).query<
      { account_id: string; channel: NotificationChannel; enabled: boolean }[]
    >(`SELECT account_id, channel, enabled FROM notification.preferences WHERE account_id = ANY($1::uuid[])`, [
      accountIds,
    ]);
    const result = new Map(accountIds.map((id) => [id, { ...DEFAULT_NOTIFICATION_PREFERENCES }]));
    for (const row of rows) result.get(row.account_id)![row.channel] = row.enabled;
    return result;
  }

  async set(request: PreferencesSetRequest): Promise<NotificationPreferences> {
    const changes = NOTIFICATION_CHANNELS.filter((channel) => request[channel] !== undefined);
    await this.dataSource.transaction(async (tx) => {
      for (const channel of changes)
        await tx.query(
          `INSERT INTO notification.preferences (account_id, channel, enabled) VALUES ($1, $2, $3)
           ON CONFLICT (account_id, channel) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
          [request.account_id, channel, request[channel]],
        );
    });
    return (await this.of([request.account_id])).get(request.account_id)!;
  }
}
