import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { IDENTITY_DATABASE } from '../database/identity.database';

/** One caller's key on one route: the row's identity. */
export interface IdempotencyTarget {
  scope: string;
  method: string;
  route: string;
  keyHash: string;
}

export interface IdempotencyRow {
  id: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  lease_alive: boolean;
  status: number | null;
  content_type: string | null;
  body: Buffer | null;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Takes the key for this request: a new row, or one whose answer expired, or one left
   * `in_progress` by a replica that stopped renewing its lease. Null when someone else holds it.
   */
  async claim(
    target: IdempotencyTarget,
    requestHash: string,
    owner: string,
    leaseMs: number,
    ttlMs: number,
  ): Promise<string | null> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO "identity"."idempotency_keys" AS k
         (scope, method, route, key_hash, request_hash, state, owner, lease_until, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, now() + $7 * interval '1 millisecond',
               now() + $8 * interval '1 millisecond')
       ON CONFLICT ON CONSTRAINT "idempotency_keys_uq" DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'in_progress', owner = EXCLUDED.owner,
             lease_until = EXCLUDED.lease_until, status = NULL, content_type = NULL, body = NULL,
             created_at = now(), expires_at = EXCLUDED.expires_at
         WHERE k.expires_at <= now() OR (k.state = 'in_progress' AND k.lease_until <= now())
       RETURNING id`,
      [target.scope, target.method, target.route, target.keyHash, requestHash, owner, leaseMs, ttlMs],
    );
    return rows[0]?.id ?? null;
  }

  /** The key's row as it stands (unexpired), or null. */
  async find(target: IdempotencyTarget): Promise<IdempotencyRow | null> {
    const rows = await this.dataSource.query<IdempotencyRow[]>(
      `SELECT id, request_hash, state, lease_until > now() AS lease_alive, status, content_type, body
         FROM "identity"."idempotency_keys"
        WHERE scope = $1 AND method = $2 AND route = $3 AND key_hash = $4 AND expires_at > now()`,
      [target.scope, target.method, target.route, target.keyHash],
    );
    return rows[0] ?? null;
  }

  /** Keeps the claim alive while its request runs. */
  async renew(id: string, owner: string, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "identity"."idempotency_keys" SET lease_until = now() + $3 * interval '1 millisecond'
        WHERE id = $1 AND owner = $2 AND state = 'in_progress'`,
      [id, owner, leaseMs],
    );
  }

  /** The answer as sent; from now on the key replays it. */
  async complete(id: string, owner: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      `UPDATE "identity"."idempotency_keys"
          SET state = 'done', lease_until = NULL, status = $3, content_type = $4, body = $5
        WHERE id = $1 AND owner = $2 AND state = 'in_progress'`,
      [id, owner, answer.status, answer.contentType, answer.body],
    );
  }

  /** Gives the key back (the request failed): the next request with it runs afresh. */
  async release(id: string, owner: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "identity"."idempotency_keys" WHERE id = $1 AND owner = $2 AND state = 'in_progress'`,
      [id, owner],
    );
  }

  /** Drops expired rows; returns how many. */
  async deleteExpired(limit: number): Promise<number> {
    // TypeORM answers a DELETE with [rows, affected].
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM "identity"."idempotency_keys" WHERE id IN (
         SELECT id FROM "identity"."idempotency_keys" WHERE expires_at <= now() LIMIT $1)`,
      [limit],
    );
    return affected;
  }
}
