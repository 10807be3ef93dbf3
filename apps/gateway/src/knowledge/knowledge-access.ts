import { isUUID } from 'class-validator';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { workspaceOf } from '../identity/access/principal-workspace';

/**
 * The caller of a knowledge-base route: a member of a developer workspace (projects are
 * theirs). A broker's account is refused; an API key's workspace owns no project of another,
 * so the leads service's project check answers 404 for it.
 */
export function developerCaller(principal: Principal): { workspace_id: string; account_id: string } {
  if (principal.kind === 'user' && principal.accountRole !== 'developer') {
    throw new AppError('forbidden', 'Projects and their knowledge base are for developer workspaces.');
  }
  return { workspace_id: workspaceOf(principal), account_id: principal.accountId };
}

export function projectId(id: string): string {
  if (!isUUID(id)) throw new AppError('not_found', 'There is no such project in your workspace.');
  return id;
}

export function entryId(id: string): string {
  if (!isUUID(id)) throw new AppError('not_found', 'There is no such knowledge-base entry in this project.');
  return id;
}
