import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { WorkspaceRole } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Account } from '../accounts/account.entity';
import { createOrPromoteModerator } from '../moderators/moderator-accounts';
import type { NewModerator } from '../moderators/moderator-accounts';
import { ApiKey } from '../api-keys/api-key.entity';
import { Membership } from '../workspaces/membership.entity';
import { recordWorkspaceCreated } from '../workspaces/workspace-events';
import { DEMO_OWNER_PHONE } from './demo-workspace';
import { Workspace } from '../workspaces/workspace.entity';

export interface DemoMemberRow {
  email: string;
  name: string;
  passwordHash: string;
  role: WorkspaceRole;
}

export interface DemoRows {
  workspaceName: string;
  members: DemoMemberRow[];
  moderator: NewModerator;
  apiKey: { label: string; prefix: string; secretHash: string };
}

/** Serialises concurrent seeds (two standalone starts on one database). */
const SEED_LOCK = 'identity-demo-seed';

@Injectable()
export class IdentityDemoRepository {
  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** Whether the demo workspace, or an account with one of its emails, exists. */
  async isPresent(
    workspaceName: string,
    emails: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const [{ present }] = await manager.query<{ present: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM identity.workspaces WHERE name = $1 AND kind = 'broker')
           OR EXISTS (SELECT 1 FROM identity.accounts WHERE email_normalized = ANY($2::text[])) AS present`,
      [workspaceName, emails.map((email) => email.toLowerCase())],
    );
    return present;
  }

  /**
   * The demo workspace, its members (the first is the owner and creates the key) and its key,
   * in one transaction, returning the workspace; null, with nothing written, when the
   * workspace or one of its accounts already exists.
   */
  /** The workspace and its owner, or null when a concurrent start made them first. */
  insertUnlessPresent(rows: DemoRows): Promise<{ workspace: Workspace; ownerId: string } | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SEED_LOCK]);
      if (
        await this.isPresent(
          rows.workspaceName,
          [...rows.members.map((member) => member.email), rows.moderator.email],
          manager,
        )
      )
        return null;

      const workspace = await manager.save(
        manager.create(Workspace, { name: rows.workspaceName, kind: 'broker', brokerKind: 'company' }),
      );
      await recordWorkspaceCreated(this.outbox, manager, workspace, { demo: true }); // billing's demo allowance
      let ownerId: string | undefined;
      for (const member of rows.members) {
        const account = await manager.save(
          manager.create(Account, {
            email: member.email,
            emailNormalized: member.email.toLowerCase(),
            passwordHash: member.passwordHash,
            name: member.name,
            phone: member.role === 'owner' ? DEMO_OWNER_PHONE : null,
            role: 'broker',
            brokerKind: 'company',
            language: 'en',
            isStaff: false,
            emailVerifiedAt: new Date(), // the demo is ready to publish and invite
          }),
        );
        ownerId ??= account.id;
        await manager.save(
          manager.create(Membership, { workspaceId: workspace.id, accountId: account.id, role: member.role }),
        );
      }
      if (!ownerId) throw new Error('The demo workspace needs an owner');
      await createOrPromoteModerator(manager, rows.moderator);
      await manager.save(
        manager.create(ApiKey, {
          workspaceId: workspace.id,
          ...rows.apiKey,
          previousSecretHash: null,
          previousExpiresAt: null,
          createdBy: ownerId,
          lastUsedAt: null,
          revokedAt: null,
        }),
      );
      return { workspace, ownerId };
    });
  }
}
