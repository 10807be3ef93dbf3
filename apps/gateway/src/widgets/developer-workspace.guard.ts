import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { RequestWithPrincipal } from '../identity/access/access.decorators';
import { DeveloperWorkspacesRepository } from './developer-workspaces.repository';

/**
 * After the access guard: the caller's workspace must be a developer's, checked before the body
 * is validated, so a broker workspace learns "forbidden" rather than what the body lacks.
 */
@Injectable()
export class DeveloperWorkspaceGuard implements CanActivate {
  constructor(private readonly developers: DeveloperWorkspacesRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
    if (principal) await this.developers.workspaceOf(principal);
    return true;
  }
}
