import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { WorkspaceKind } from '@app/contracts';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { AccountsRepository } from '../accounts/accounts.repository';
import { Workspace } from '../workspaces/workspace.entity';

const MAX_KNOWN_KINDS = 10_000;

/**
 * What other gateway features may read of identity (house style 4: identity keeps its
 * repositories and entities to itself; a lint rule holds the others to this class, the access
 * decorators and DeveloperWorkspaces).
 */
@Injectable()
export class IdentityDirectory {
  /**
   * A workspace's kind never changes once it exists, so a kind read once is kept: each /mcp call
   * and each developer route asks for it. A deleted workspace's id only comes from a principal
   * that still holds it, which is read fresh (a key within API_KEY_CACHE_MS).
   */
  private readonly kinds = new Map<string, WorkspaceKind>();

  constructor(
    private readonly accounts: AccountsRepository,
    @InjectRepository(Workspace, IDENTITY_DATABASE) private readonly workspaces: Repository<Workspace>,
  ) {}

  /** An account with its workspace membership, or null when it is gone. */
  accountWithWorkspace(accountId: string) {
    return this.accounts.findWithWorkspace(accountId);
  }

  /** A workspace's kind; null when it does not exist. */
  async workspaceKind(workspaceId: string): Promise<WorkspaceKind | null> {
    const known = this.kinds.get(workspaceId);
    if (known) return known;
    const workspace = await this.workspaces.findOne({ select: { id: true, kind: true }, where: { id: workspaceId } });
    if (!workspace) return null;
    if (this.kinds.size >= MAX_KNOWN_KINDS) this.kinds.clear();
    this.kinds.set(workspaceId, workspace.kind);
    return workspace.kind;
  }
}
