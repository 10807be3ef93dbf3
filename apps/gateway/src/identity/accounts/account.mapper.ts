import type {
  AccountResponse,
  AccountWorkspaceResponse,
  CreatedAccountResponse,
  MeResponse,
  WorkspaceRole,
} from '@app/contracts';
import type { Workspace } from '../workspaces/workspace.entity';
import type { Account } from './account.entity';

/** An account and the workspace it belongs to, with its role there. */
export interface AccountWithWorkspace {
  account: Account;
  workspace: { workspace: Workspace; role: WorkspaceRole } | null;
}

export function toAccountResponse(account: Account): AccountResponse {
  return {
    object: 'account',
    id: account.id,
    email: account.email,
    name: account.name,
    phone: account.phone,
    role: account.role,
    broker_kind: account.brokerKind,
    language: account.language,
    email_verified: account.emailVerifiedAt != null,
    created_at: account.createdAt.toISOString(),
  };
}

export function toAccountWorkspaceResponse(
  membership: AccountWithWorkspace['workspace'],
): AccountWorkspaceResponse | null {
  if (!membership) return null;
  const { workspace, role } = membership;
  return { id: workspace.id, name: workspace.name, kind: workspace.kind, broker_kind: workspace.brokerKind, role };
}

export function toCreatedAccountResponse({ account, workspace }: AccountWithWorkspace): CreatedAccountResponse {
  return { ...toAccountResponse(account), workspace: toAccountWorkspaceResponse(workspace) };
}

/** GET /v1/me: the account, its roles (`moderator` added for staff) and its workspace. */
export function toMeResponse({ account, workspace }: AccountWithWorkspace): MeResponse {
  return {
    object: 'me',
    account: toAccountResponse(account),
    roles: account.isStaff ? [account.role, 'moderator'] : [account.role],
    workspace: toAccountWorkspaceResponse(workspace),
  };
}
