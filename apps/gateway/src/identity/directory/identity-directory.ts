import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { WorkspaceKind } from '@app/contracts';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { AccountsRepository } from '../accounts/accounts.repository';
import { Workspace } from '../workspaces/workspace.entity';

/**
 * What other gateway features may read of identity (house style 4: identity keeps its
 * repositories and entities to itself; a lint rule holds the others to this class, the access
 * decorators and DeveloperWorkspaces).
 */
@Injectable()
export class IdentityDirectory {
  constructor(
    private readonly accounts: AccountsRepository,
    @InjectRepository(Workspace, IDENTITY_DATABASE) private readonly workspaces: Repository<Workspace>,
  ) {}

  /** An account with its workspace membership, or null when it is gone. */
  accountWithWorkspace(accountId: string) {
    return this.accounts.findWithWorkspace(accountId);
  }

  /** A workspace's kind, read fresh; null when it does not exist. */
  async workspaceKind(workspaceId: string): Promise<WorkspaceKind | null> {
    const workspace = await this.workspaces.findOne({ select: { id: true, kind: true }, where: { id: workspaceId } });
    return workspace?.kind ?? null;
  }
}
