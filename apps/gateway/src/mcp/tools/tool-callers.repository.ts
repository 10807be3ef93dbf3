import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { Workspace } from '../../identity/workspaces/workspace.entity';
import type { ToolCaller, UserPrincipal } from './mcp-tool';

/** Who calls the tools of one /mcp request: the principal and the kind of its workspace, read fresh. */
@Injectable()
export class ToolCallersRepository {
  constructor(@InjectRepository(Workspace, IDENTITY_DATABASE) private readonly workspaces: Repository<Workspace>) {}

  async callerOf(principal: UserPrincipal): Promise<ToolCaller> {
    if (!principal.workspaceId) return { principal, workspaceKind: null };
    const workspace = await this.workspaces.findOne({
      select: { id: true, kind: true },
      where: { id: principal.workspaceId },
    });
    return { principal, workspaceKind: workspace?.kind ?? null };
  }
}
