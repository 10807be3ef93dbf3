import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { DeveloperWorkspaces } from '../workspaces/developer-workspaces';
import type { RequestWithPrincipal } from './access.decorators';

/**
 * After the access guard (the principal is known), ahead of validation: a broker workspace is
 * refused (403) before its body or query is read, as a role is. The services still ask
 * DeveloperWorkspaces for the workspace id, which is what the MCP tools rely on.
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
