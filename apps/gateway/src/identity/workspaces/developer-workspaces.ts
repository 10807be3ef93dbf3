import { Injectable } from '@nestjs/common';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { workspaceOf } from '../access/principal-workspace';
import { IdentityDirectory } from '../directory/identity-directory';

/**
 * Identity's answer to "is the caller's workspace a developer's?" (decisions.md: projects, units,
 * the knowledge base, the widget and its inbox are for developer workspaces), from the kind the
 * workspace was created with: a key's workspace is as its user's.
 */
@Injectable()
export class DeveloperWorkspaces {
  constructor(private readonly identity: IdentityDirectory) {}

  /** The caller's workspace id; 403 `forbidden` without a workspace or for a broker's. */
  async of(principal: Principal): Promise<string> {
    const workspaceId = workspaceOf(principal);
    if ((await this.identity.workspaceKind(workspaceId)) !== 'developer') {
      throw new AppError('forbidden', 'Projects, their knowledge base and the widget are for developer workspaces.');
    }
    return workspaceId;
  }
}
