import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { pageFrom } from '@app/contracts';
import type {
  InboxItem,
  InboxListRequest,
  InboxPage,
  InboxReadRequest,
  InboxReadResponse,
  Language,
  NotificationKind,
} from '@app/contracts';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

interface InboxRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  language: Language;
  data: Record<string, string>;
  read_at: Date | null;
  created_at: Date;
}

export interface NewInboxItem {
  account_id: string;
  event_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  language: Language;
  data: Record<string, string>;
}

/** The in-app channel: a user's notifications and their unread count. */
@Injectable()
export class InboxRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  /** Once per event, kind and account: a redelivered event adds nothing. */
  async add(tx: EntityManager, item: NewInboxItem): Promise<void> {
    await tx.query(
      `INSERT INTO notification.inbox (account_id, event_id, kind, title, body, language, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id, kind, account_id) DO NOTHING`,
      [item.account_id, item.event_id, item.kind, item.title, item.body, item.language, item.data],
    );
  }

  async page(request: InboxListRequest): Promise<InboxPage> {
    const rows = await this.dataSource.query<InboxRow[]>(
      `SELECT id, kind, title, body, language, data, read_at, created_at FROM notification.inbox
        WHERE account_id = $1 AND (NOT $2::boolean OR read_at IS NULL)
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [request.account_id, request.unread ?? false, request.limit + 1, request.offset],
    );
    return { ...pageFrom(rows, request, toItem), unread_count: await this.unread(request.account_id) };
  }

  async markRead(request: InboxReadRequest): Promise<InboxReadResponse> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH marked AS (
         UPDATE notification.inbox SET read_at = now()
          WHERE account_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
          RETURNING id)
       SELECT id FROM marked`,
      [request.account_id, request.ids ?? null],
    );
    return { marked: rows.length, unread_count: await this.unread(request.account_id) };
  }

  private async unread(accountId: string): Promise<number> {
    const rows = await this.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM notification.inbox WHERE account_id = $1 AND read_at IS NULL`,
      [accountId],
    );
    return rows[0].n;
  }
}

function toItem(row: InboxRow): InboxItem {
  return {
    object: 'notification',
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    language: row.language,
    data: row.data,
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}
