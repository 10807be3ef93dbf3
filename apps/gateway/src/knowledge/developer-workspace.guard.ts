import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { RequestWithPrincipal } from '../identity/access/access.decorators';
import { DeveloperWorkspaces } from '../projects/developer-workspace';

/**
 * A broker workspace is refused (403) before its body or query is read, as the access guard
 * refuses a role: after it (the principal is known), ahead of validation. The handlers still
 * ask DeveloperWorkspaces for the workspace id, which is what MCP tools (calling them
 * directly) rely on.
 */
@Injectable()
export class DeveloperWorkspaceGuard implements CanActivate {
  constructor(private readonly developers: DeveloperWorkspaces) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { principal } = context.switchToHttp().getRequest<RequestWithPrincipal>();
    if (principal) await this.developers.of(principal);
    return true;
  }
}
