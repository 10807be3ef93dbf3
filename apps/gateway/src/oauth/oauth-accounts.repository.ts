import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AccountRole, Principal, WorkspaceRole } from '@app/contracts';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { REVOKED_ACCESS_TOKEN } from './revoked-access-tokens';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

interface AccessRow {
  account_id: string;
  account_role: AccountRole;
  workspace_id: string | null;
  workspace_role: WorkspaceRole | null;
  is_staff: boolean;
}

function toPrincipal(row: AccessRow): UserPrincipal {
  return {
    kind: 'user',
    accountId: row.account_id,
    accountRole: row.account_role,
    ...(row.is_staff ? { staff: true } : {}),
    ...(row.workspace_id && row.workspace_role
      ? { workspaceId: row.workspace_id, workspaceRole: row.workspace_role }
      : {}),
  };
}

const ACCESS = `SELECT a.id AS account_id, a.role AS account_role, a.is_staff, m.workspace_id, m.role AS workspace_role
                  FROM identity.accounts a LEFT JOIN identity.memberships m ON m.account_id = a.id`;

/** Who an OAuth grant acts for, with the account's current role and workspace role (not the ones at consent). */
@Injectable()
export class OAuthAccountsRepository {
  constructor(@InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource) {}

  async principalOf(accountId: string): Promise<UserPrincipal | null> {
    const rows = await this.dataSource.query<AccessRow[]>(`${ACCESS} WHERE a.id::text = $1`, [accountId]);
    return rows[0] ? toPrincipal(rows[0]) : null;
  }

  /**
   * The principal, only while the grant the token came from still stands (not revoked, not
   * expired) and the token itself was not revoked (its `jti`, see revoked-access-tokens.ts).
   */
  async principalOfGrant(accountId: string, grantId: string, jti: string): Promise<UserPrincipal | null> {
    const rows = await this.dataSource.query<AccessRow[]>(
      `${ACCESS} WHERE a.id::text = $1 AND EXISTS (
         SELECT 1 FROM identity.oauth_models g
          WHERE g.kind = 'Grant' AND g.id = $2 AND g.account_id = $1 AND (g.expires_at IS NULL OR g.expires_at > now()))
         AND NOT EXISTS (SELECT 1 FROM identity.oauth_models r WHERE r.kind = $4 AND r.id = $3)`,
      [accountId, grantId, jti, REVOKED_ACCESS_TOKEN],
    );
    return rows[0] ? toPrincipal(rows[0]) : null;
  }
}
