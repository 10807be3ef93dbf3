import { can } from '@app/contracts';
import type { Permission, Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { isSeller } from './principal-workspace';

/**
 * What a route or an MCP tool asks of a caller once the credential is valid: platform staff, or a
 * workspace permission from the matrix in @app/contracts (spec 5.7).
 */
export interface AuthorisationRule {
  permission?: Permission;
  staff?: boolean;
  /** A seller account (no workspace) may call it for its own listings, in place of the permission. */
  sellers?: boolean;
}

type Refusal = 'staff_only' | 'no_workspace' | 'role';

/**
 * The one authorisation rule of REST (the access guard) and MCP (tool visibility and calls).
 * A permission follows the caller's workspace role, never the account's sign-up role: a buyer
 * invited as agent has the agent's permissions, and loses them when removed.
 */
function refusalOf(principal: Principal, rule: AuthorisationRule): Refusal | null {
  if (rule.staff && !(principal.kind === 'user' && principal.staff)) return 'staff_only';
  if (!rule.permission) return null;
  if (rule.sellers && isSeller(principal)) return null;
  if (!principal.workspaceId || !principal.workspaceRole) return 'no_workspace';
  return can(principal.workspaceRole, rule.permission) ? null : 'role';
}

export function isAllowed(principal: Principal, rule: AuthorisationRule): boolean {
  return refusalOf(principal, rule) === null;
}

/** The rule, or 403 `forbidden` saying what is missing. */
export function assertAllowed(principal: Principal, rule: AuthorisationRule): void {
  switch (refusalOf(principal, rule)) {
    case null:
      return;
    case 'staff_only':
      throw new AppError('forbidden', 'This is for platform moderators only.');
    case 'no_workspace':
      throw new AppError('forbidden', 'This needs a broker or developer workspace.');
    case 'role':
      throw new AppError('forbidden', `Your workspace role does not allow this (${rule.permission}).`);
  }
}
