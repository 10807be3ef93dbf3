import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_DATABASE } from '../database/notification.database';

export type DigestKind = 'widget_sessions_digest';

export interface DueDigest {
  id: string;
  workspace_id: string;
  kind: DigestKind;
  count: number;
  opened_at: Date;
  last_at: Date;
}

/** How long a digest window stays open: its summary goes out when it closes, so at most one per window. */
export const DIGEST_WINDOW_MS = 15 * 60_000;

/** Digest windows in PostgreSQL, shared by every replica. */
@Injectable()
export class DigestsRepository {
  constructor(@InjectDataSource(NOTIFICATION_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Counts one event into the workspace's open window, opening one (due DIGEST_WINDOW_MS
   * later) if there is none; in the event's transaction, so a redelivered event counts once.
   * A window that was just closed by a concurrent flush is not open any more: the insert
   * then opens the next one.
   */
  async count(tx: EntityManager, workspaceId: string, kind: DigestKind, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO notification.digests (workspace_id, kind, count, opened_at, last_at, due_at)
       VALUES ($1, $2, 1, $3, $3, $3::timestamptz + make_interval(secs => $4))
       ON CONFLICT (workspace_id, kind) WHERE sent_at IS NULL
       DO UPDATE SET count = digests.count + 1, last_at = GREATEST(digests.last_at, EXCLUDED.last_at)`,
      [workspaceId, kind, at, DIGEST_WINDOW_MS / 1000],
    );
  }

  /**
   * Closes the windows due at `now`, one transaction each: the row is locked (SKIP LOCKED,
   * so replicas take different ones), `send` queues its messages in the same transaction,
   * and it is marked sent. If `send` fails, nothing is marked and the next round retries.
   */
  async flushDue(now: Date, send: (digest: DueDigest, tx: EntityManager) => Promise<void>): Promise<number> {
    let flushed = 0;
    for (;;) {
      const done = await this.dataSource.transaction(async (tx) => {
        const [digest] = await tx.query<DueDigest[]>(
          `SELECT id, workspace_id, kind, count, opened_at, last_at FROM notification.digests
            WHERE sent_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        if (!digest) return false;
        await send(digest, tx);
        await tx.query(`UPDATE notification.digests SET sent_at = $2 WHERE id = $1`, [digest.id, now]);
        return true;
      });
      if (!done) return flushed;
      flushed++;
    }
  }
}
