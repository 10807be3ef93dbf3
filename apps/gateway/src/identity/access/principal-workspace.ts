import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';

/** The caller's workspace: an API key always has one; a user without one is refused. */
export function workspaceOf(principal: Principal): string {
  if (!principal.workspaceId) throw new AppError('forbidden', 'You are not a member of a workspace.');
  return principal.workspaceId;
}

/** A seller account outside any workspace: owns its listings itself (spec 1). */
export function isSeller(principal: Principal): boolean {
  return principal.kind === 'user' && principal.accountRole === 'seller' && !principal.workspaceId;
}
