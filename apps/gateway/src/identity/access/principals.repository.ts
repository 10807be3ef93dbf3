import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AccountRole, WorkspaceRole } from '@app/contracts';
import { IDENTITY_DATABASE } from '../../database/identity.database';

export interface AccountAccess {
  accountId: string;
  accountRole: AccountRole;
  workspaceId: string | null;
  workspaceRole: WorkspaceRole | null;
  staff: boolean;
}

@Injectable()
export class PrincipalsRepository {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * The account's current role and workspace, in one round trip; nothing when the account
   * is gone or the login session (refresh-token family) was revoked by logout or reuse.
   */
  async findAccess(accountId: string, sessionId: string): Promise<AccountAccess | null> {
    const rows = await this.dataSource.query<
      {
        account_id: string;
        account_role: AccountRole;
        workspace_id: string | null;
        workspace_role: WorkspaceRole | null;
        is_staff: boolean;
      }[]
    >(
      `SELECT a.id AS account_id, a.role AS account_role, a.is_staff, m.workspace_id, m.role AS workspace_role
         FROM identity.accounts a
         LEFT JOIN identity.memberships m ON m.account_id = a.id
        WHERE a.id = $1
          AND NOT EXISTS (SELECT 1 FROM identity.refresh_tokens r WHERE r.family_id = $2 AND r.revoked_at IS NOT NULL)`,
      [accountId, sessionId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      accountId: row.account_id,
      accountRole: row.account_role,
      workspaceId: row.workspace_id,
      workspaceRole: row.workspace_role,
      staff: row.is_staff,
    };
  }
}
