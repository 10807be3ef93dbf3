import { Injectable } from '@nestjs/common';
import { IdentityDirectory } from '../../identity/directory/identity-directory';
import type { ToolCaller, UserPrincipal } from './mcp-tool';

/** Who calls the tools of one /mcp request: the principal (read fresh) and the kind of its workspace. */
@Injectable()
export class ToolCallersRepository {
  constructor(private readonly identity: IdentityDirectory) {}

  async callerOf(principal: UserPrincipal): Promise<ToolCaller> {
    if (!principal.workspaceId) return { principal, workspaceKind: null };
    return { principal, workspaceKind: await this.identity.workspaceKind(principal.workspaceId) };
  }
}
