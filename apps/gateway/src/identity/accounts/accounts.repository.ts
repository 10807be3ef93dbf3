import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { uniqueViolation } from '@app/database';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { WorkspaceRole } from '@app/contracts';
import { AppError } from '@app/errors';
import { Outbox } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Membership } from '../workspaces/membership.entity';
import { recordWorkspaceCreated } from '../workspaces/workspace-events';
import { Workspace } from '../workspaces/workspace.entity';
import { Account } from './account.entity';
import type { AccountWithWorkspace } from './account.mapper';

const EMAIL_UNIQUE_CONSTRAINT = 'accounts_email_normalized_uq';

export type NewAccount = Pick<
  Account,
  'email' | 'emailNormalized' | 'passwordHash' | 'name' | 'phone' | 'role' | 'brokerKind' | 'language'
> &
  Partial<Pick<Account, 'emailVerifiedAt'>>;

export type NewWorkspace = Pick<Workspace, 'name' | 'kind' | 'brokerKind'>;

@Injectable()
export class AccountsRepository {
  constructor(
    @InjectDataSource(IDENTITY_DATABASE) private readonly dataSource: DataSource,
    @InjectRepository(Account, IDENTITY_DATABASE) private readonly accounts: Repository<Account>,
    private readonly outbox: Outbox,
  ) {}

  /**
   * The account and, when given, its workspace with the account as owner: all or nothing.
   * An e-mail already taken (in any case) is 409 conflict on `email`.
   */
  async create(
    account: NewAccount,
    workspace: NewWorkspace | null,
    /** More work in the same transaction (the verification e-mail's event). */
    alongside?: (tx: EntityManager, account: Account) => Promise<unknown>,
  ): Promise<AccountWithWorkspace> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const saved = await manager.save(manager.create(Account, account));
        await alongside?.(manager, saved);
        if (!workspace) return { account: saved, workspace: null };
        const savedWorkspace = await manager.save(manager.create(Workspace, workspace));
        await recordWorkspaceCreated(this.outbox, manager, savedWorkspace);
        const role: WorkspaceRole = 'owner';
        await manager.save(manager.create(Membership, { workspaceId: savedWorkspace.id, accountId: saved.id, role }));
        return { account: saved, workspace: { workspace: savedWorkspace, role } };
      });
    } catch (err) {
      if (uniqueViolation(err) === EMAIL_UNIQUE_CONSTRAINT) {
        throw new AppError('conflict', 'An account with this email already exists.', { field: 'email' });
      }
      throw err;
    }
  }

  /** Whether the account confirmed its e-mail address; false for an account that does not exist. */
  async isEmailVerified(accountId: string): Promise<boolean> {
    const account = await this.accounts.findOne({
      where: { id: accountId },
      select: { id: true, emailVerifiedAt: true },
    });
    return account?.emailVerifiedAt != null;
  }

  findByEmailNormalized(emailNormalized: string): Promise<Account | null> {
    return this.accounts.findOneBy({ emailNormalized });
  }

  /** The account with its workspace and role there, in one round trip; null when the account is gone. */
  async findWithWorkspace(accountId: string): Promise<AccountWithWorkspace | null> {
    const row = await this.accounts
      .createQueryBuilder('account')
      .leftJoinAndMapOne('account.membership', Membership, 'membership', 'membership.accountId = account.id')
      .leftJoinAndMapOne('account.workspace', Workspace, 'workspace', 'workspace.id = membership.workspaceId')
      .where('account.id = :accountId', { accountId })
      .getOne();
    if (!row) return null;
    const { membership, workspace, ...account } = row as Account & {
      membership?: Membership | null;
      workspace?: Workspace | null;
    };
    return {
      account: Object.assign(new Account(), account),
      workspace: membership && workspace ? { workspace, role: membership.role } : null,
    };
  }
}
