import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AccountRole, AssignableRole, BrokerKind } from '@app/contracts';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Account } from '../accounts/account.entity';
import { Invitation } from './invitation.entity';
import { Membership } from './membership.entity';
import { recordInvitationCreated } from './workspace-events';
import { Workspace } from './workspace.entity';
import { translatingUniqueViolations } from '@app/database';
import type { MemberRow } from './workspace.mapper';

/** Pending: neither accepted nor revoked, and not expired (by the database's clock). */
const PENDING = `"accepted_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()`;

export interface NewInvitation {
  workspaceId: string;
  emailNormalized: string;
  role: AssignableRole;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

export type CreateInvitationOutcome =
  { kind: 'created'; invitation: Invitation } | { kind: 'already_member' } | { kind: 'already_invited' };

export interface InvitationWithWorkspace {
  invitation: Invitation;
  workspace: Workspace;
}

export interface InviteeAccount {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
}

/** Who joins: an account that exists, or the fields of the one to create. */
export type Joiner =
  | { existingAccountId: string }
  | {
      newAccount: {
        email: string;
        emailNormalized: string;
        name: string;
        passwordHash: string;
        role: AccountRole;
        brokerKind: BrokerKind | null;
      };
    };

const JOIN_CONFLICTS = {
  memberships_account_uq: 'This account already belongs to a workspace.',
  accounts_email_normalized_uq: 'An account with this email was created meanwhile: accept again with its password.',
};

@Injectable()
export class InvitationsRepository {
  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Checks and insert under a lock on the workspace row, so two invitations for one email
   * cannot both pass the "no pending invitation" check; the invitation event (the invitee's
   * e-mail) in the same transaction.
   */
  create(invitation: NewInvitation, acceptTokenSealed: string | null): Promise<CreateInvitationOutcome> {
    return this.dataSource.transaction(async (manager): Promise<CreateInvitationOutcome> => {
      await manager.query(`SELECT 1 FROM identity.workspaces WHERE id = $1 FOR UPDATE`, [invitation.workspaceId]);
      const member = await manager.query<unknown[]>(
        `SELECT 1 FROM identity.memberships m JOIN identity.accounts a ON a.id = m.account_id
          WHERE m.workspace_id = $1 AND a.email_normalized = $2`,
        [invitation.workspaceId, invitation.emailNormalized],
      );
      if (member.length > 0) return { kind: 'already_member' };
      const pending = await manager
        .getRepository(Invitation)
        .createQueryBuilder('i')
        .where(`i.workspace_id = :workspaceId AND i.email_normalized = :email AND ${pendingOf('i')}`, {
          workspaceId: invitation.workspaceId,
          email: invitation.emailNormalized,
        })
        .getExists();
      if (pending) return { kind: 'already_invited' };
      const saved = await translatingUniqueViolations(
        () => manager.getRepository(Invitation).save(manager.getRepository(Invitation).create(invitation)),
        {},
        'An invitation with this token already exists.',
      );
      await recordInvitationCreated(this.outbox, manager, saved, acceptTokenSealed);
      return { kind: 'created', invitation: saved };
    });
  }

  listPending(workspaceId: string): Promise<Invitation[]> {
    return this.dataSource
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .where(`i.workspace_id = :workspaceId AND ${pendingOf('i')}`, { workspaceId })
      .orderBy('i.created_at', 'DESC')
      .addOrderBy('i.id', 'ASC')
      .getMany();
  }

  /** Only a pending invitation of this workspace; false when there is none. */
  async revoke(workspaceId: string, id: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Invitation)
      .set({ revokedAt: () => 'now()' })
      .where(`id = :id AND workspace_id = :workspaceId AND ${PENDING}`, { id, workspaceId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async findPendingByTokenHash(tokenHash: string): Promise<InvitationWithWorkspace | null> {
    const invitation = await this.dataSource
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .where(`i.token_hash = :tokenHash AND ${pendingOf('i')}`, { tokenHash })
      .getOne();
    if (!invitation) return null;
    const workspace = await this.dataSource.getRepository(Workspace).findOneBy({ id: invitation.workspaceId });
    return workspace ? { invitation, workspace } : null;
  }

  async findAccountByEmail(emailNormalized: string): Promise<InviteeAccount | null> {
    const rows = await this.dataSource.query<{ id: string; name: string; email: string; password_hash: string }[]>(
      `SELECT a.id, a.name, a.email, a.password_hash
         FROM identity.accounts a
        WHERE a.email_normalized = $1`,
      [emailNormalized],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      passwordHash: row.password_hash,
    };
  }

  /**
   * One transaction: claim the invitation (the conditional UPDATE is the single-use check:
   * of two concurrent accepts, the second finds it accepted and gets nothing), then create
   * the account if needed and the membership. Null when the invitation is no longer pending.
   */
  accept(tokenHash: string, joiner: Joiner): Promise<MemberRow | null> {
    return translatingUniqueViolations(
      () =>
        this.dataSource.transaction(async (manager) => {
          // PostgreSQL answers an UPDATE with [rows, count].
          const [claimed] = await manager.query<[{ workspace_id: string; role: AssignableRole }[], number]>(
            `UPDATE identity.invitations SET accepted_at = now()
              WHERE token_hash = $1 AND ${PENDING}
              RETURNING workspace_id, role`,
            [tokenHash],
          );
          const row = claimed[0];
          if (!row) return null;
          const account = await this.accountFor(manager, joiner);
          const membership = await manager
            .getRepository(Membership)
            .save(
              manager
                .getRepository(Membership)
                .create({ workspaceId: row.workspace_id, accountId: account.id, role: row.role }),
            );
          return {
            accountId: account.id,
            name: account.name,
            email: account.email,
            role: membership.role,
            joinedAt: membership.createdAt,
          };
        }),
      JOIN_CONFLICTS,
    );
  }

  private async accountFor(manager: EntityManager, joiner: Joiner): Promise<Pick<Account, 'id' | 'name' | 'email'>> {
    const accounts = manager.getRepository(Account);
    if ('existingAccountId' in joiner) {
      return accounts.findOneOrFail({
        where: { id: joiner.existingAccountId },
        select: {
          id: true,
          name: true,
          email: true,
        },
      });
    }
    return accounts.save(accounts.create(joiner.newAccount));
  }
}

function pendingOf(alias: string): string {
  return `${alias}.accepted_at IS NULL AND ${alias}.revoked_at IS NULL AND ${alias}.expires_at > now()`;
}
