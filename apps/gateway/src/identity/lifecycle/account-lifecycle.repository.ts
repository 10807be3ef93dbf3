import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { IDENTITY_ACCOUNT_DELETED } from '@app/contracts';
import type { AccountDeletedPayload } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';

/** How a deleted account reads wherever it is still named (a broker's thread). */
export const DELETED_ACCOUNT_NAME = 'Deleted user';

/** The identity side of the account lifecycle, in SQL: passwords, sessions, erasure. */
@Injectable()
export class AccountLifecycleRepository {
  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async markEmailVerified(tx: EntityManager, accountId: string): Promise<void> {
    await tx.query(
      `UPDATE identity.accounts SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
        WHERE id = $1`,
      [accountId],
    );
  }

  /** The new hash, and every login session of the account ended (its access tokens with it). */
  async setPassword(tx: EntityManager, accountId: string, passwordHash: string): Promise<void> {
    await tx.query(`UPDATE identity.accounts SET password_hash = $2, updated_at = now() WHERE id = $1`, [
      accountId,
      passwordHash,
    ]);
    await this.revokeSessions(tx, accountId);
  }

  /** The workspace the account owns, with how many other members it has; null when it owns none. */
  async ownedWorkspace(accountId: string): Promise<{ workspaceId: string; others: number } | null> {
    const rows = await this.dataSource.query<{ workspace_id: string; others: number }[]>(
      `SELECT m.workspace_id,
              (SELECT count(*)::int FROM identity.memberships o
                WHERE o.workspace_id = m.workspace_id AND o.account_id <> m.account_id) AS others
         FROM identity.memberships m WHERE m.account_id = $1 AND m.role = 'owner'`,
      [accountId],
    );
    return rows[0] ? { workspaceId: rows[0].workspace_id, others: rows[0].others } : null;
  }

  /**
   * Erases the person from identity and tells the other services, in one transaction: the
   * row stays (leads and ledgers name its id) with nothing personal left and no way in. The
   * membership (an admin's or agent's), sessions, links and connected apps go.
   */
  async eraseAccount(accountId: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const placeholder = `deleted-${accountId}@deleted.invalid`;
      await tx.query(
        `UPDATE identity.accounts
            SET email = $2, email_normalized = $2, name = $3, phone = NULL, password_hash = '!',
                deleted_at = now(), updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL`,
        [accountId, placeholder, DELETED_ACCOUNT_NAME],
      );
      await tx.query(`DELETE FROM identity.memberships WHERE account_id = $1 AND role <> 'owner'`, [accountId]);
      await tx.query(`DELETE FROM identity.account_tokens WHERE account_id = $1`, [accountId]);
      // Connected apps: the grants and every token issued under them.
      await tx.query(
        `DELETE FROM identity.oauth_models
          WHERE account_id = $1
             OR grant_id IN (SELECT id FROM identity.oauth_models WHERE kind = 'Grant' AND account_id = $1)`,
        [accountId],
      );
      await this.revokeSessions(tx, accountId);
      await this.outbox.add<AccountDeletedPayload>(tx, IDENTITY_ACCOUNT_DELETED, {
        account_id: accountId,
        deleted_at: new Date().toISOString(),
      });
    });
  }

  private async revokeSessions(tx: EntityManager, accountId: string): Promise<void> {
    await tx.query(
      `UPDATE identity.refresh_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL`,
      [accountId],
    );
  }
}
