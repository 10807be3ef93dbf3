import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { IDENTITY_WORKSPACE_DELETED } from '@app/contracts';
import type { Language, WorkspaceDeletedPayload, WorkspaceRole } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Membership } from './membership.entity';
import { Workspace } from './workspace.entity';
import type { MemberRow } from './workspace.mapper';

interface MemberRecord {
  account_id: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joined_at: Date;
}

export type OwnershipTransferOutcome = 'transferred' | 'not_owner' | 'no_member';

const MEMBER_COLUMNS = `a.id AS account_id, a.name, a.email, m.role, m.created_at AS joined_at`;

/** Roles in the order people expect a team page to show them. */
const ROLE_RANK = `CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

class TransferAborted extends Error {
  constructor(readonly outcome: Exclude<OwnershipTransferOutcome, 'transferred'>) {
    super(outcome);
  }
}

@Injectable()
export class WorkspacesRepository {
  /** ICU's root collation sorts Arabic and Latin names as people read them; not every build has it. */
  private nameCollation?: Promise<string>;

  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Only the fields given change; false when the workspace is gone. */
  async updateSettings(
    workspaceId: string,
    settings: { name?: string; defaultLanguage?: Language; timeZone?: string },
  ): Promise<boolean> {
    const changes = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0)
      return await this.dataSource.getRepository(Workspace).existsBy({ id: workspaceId });
    const result = await this.dataSource.getRepository(Workspace).update({ id: workspaceId }, changes);
    return (result.affected ?? 0) > 0;
  }

  /**
   * Deletes the workspace row (its memberships, invitations and API keys go by cascade) and
   * records the event the catalogue and notification act on, in one transaction. Returns the
   * ids of the keys it ended, for this replica's key cache; null when the caller is no longer
   * the owner (a transfer raced it).
   */
  async deleteWorkspace(
    workspaceId: string,
    ownerAccountId: string,
    forfeited: WorkspaceDeletedPayload['forfeited'],
  ): Promise<string[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await manager.query<unknown[]>(
        `SELECT 1 FROM identity.memberships WHERE workspace_id = $1 AND account_id = $2 AND role = 'owner' FOR UPDATE`,
        [workspaceId, ownerAccountId],
      );
      if (owner.length === 0) return null;
      const keys = await manager.query<{ id: string }[]>(`SELECT id FROM identity.api_keys WHERE workspace_id = $1`, [
        workspaceId,
      ]);
      await this.outbox.add<WorkspaceDeletedPayload>(manager, IDENTITY_WORKSPACE_DELETED, {
        workspace_id: workspaceId,
        deleted_at: new Date().toISOString(),
        forfeited,
      });
      await manager.query(`DELETE FROM identity.workspaces WHERE id = $1`, [workspaceId]);
      return keys.map((key) => key.id);
    });
  }

  async findWithMemberCount(workspaceId: string): Promise<{ workspace: Workspace; memberCount: number } | null> {
    const workspace = await this.dataSource.getRepository(Workspace).findOneBy({ id: workspaceId });
    if (!workspace) return null;
    const memberCount = await this.dataSource.getRepository(Membership).countBy({ workspaceId });
    return { workspace, memberCount };
  }

  async listMembers(workspaceId: string): Promise<MemberRow[]> {
    const collation = await this.collation();
    const rows = await this.dataSource.query<MemberRecord[]>(
      `SELECT ${MEMBER_COLUMNS}
         FROM identity.memberships m
         JOIN identity.accounts a ON a.id = m.account_id
        WHERE m.workspace_id = $1
        ORDER BY ${ROLE_RANK}, a.name ${collation}, a.id`,
      [workspaceId],
    );
    return rows.map(toMemberRow);
  }

  async findMember(workspaceId: string, accountId: string, manager?: EntityManager): Promise<MemberRow | null> {
    const rows = await (manager ?? this.dataSource.manager).query<MemberRecord[]>(
      `SELECT ${MEMBER_COLUMNS}
         FROM identity.memberships m
         JOIN identity.accounts a ON a.id = m.account_id
        WHERE m.workspace_id = $1 AND m.account_id = $2`,
      [workspaceId, accountId],
    );
    return rows[0] ? toMemberRow(rows[0]) : null;
  }

  /** Never touches the owner, even if they became owner since the caller looked. */
  async updateRole(workspaceId: string, accountId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Membership)
      .set({ role })
      .where('workspace_id = :workspaceId AND account_id = :accountId AND role <> :owner', {
        workspaceId,
        accountId,
        owner: 'owner',
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Never removes the owner. */
  async removeMember(workspaceId: string, accountId: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(Membership)
      .where('workspace_id = :workspaceId AND account_id = :accountId AND role <> :owner', {
        workspaceId,
        accountId,
        owner: 'owner',
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * One transaction: demote the owner first, then promote the member, so the partial
   * unique index (one owner per workspace) holds at every statement.
   */
  async transferOwnership(
    workspaceId: string,
    fromAccountId: string,
    toAccountId: string,
  ): Promise<OwnershipTransferOutcome> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const demoted = await manager
          .createQueryBuilder()
          .update(Membership)
          .set({ role: 'admin' })
          .where('workspace_id = :workspaceId AND account_id = :fromAccountId AND role = :owner', {
            workspaceId,
            fromAccountId,
            owner: 'owner',
          })
          .execute();
        if (!demoted.affected) throw new TransferAborted('not_owner');
        const promoted = await manager
          .createQueryBuilder()
          .update(Membership)
          .set({ role: 'owner' })
          .where('workspace_id = :workspaceId AND account_id = :toAccountId', { workspaceId, toAccountId })
          .execute();
        if (!promoted.affected) throw new TransferAborted('no_member');
      });
      return 'transferred';
    } catch (err) {
      if (err instanceof TransferAborted) return err.outcome;
      throw err;
    }
  }

  private collation(): Promise<string> {
    this.nameCollation ??= this.dataSource
      .query<{ found: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') AS found`)
      .then((rows) => (rows[0]?.found ? 'COLLATE "und-x-icu"' : ''))
      .catch((err: unknown) => {
        this.nameCollation = undefined;
        throw err;
      });
    return this.nameCollation;
  }
}

function toMemberRow(row: MemberRecord): MemberRow {
  return {
    accountId: row.account_id,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: new Date(row.joined_at),
  };
}
