import type { Permission } from '@app/contracts';
import type { ToolServices } from './tool-services';
import { DELETE, READ, UPDATE, WRITE, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';
import {
  CreateApiKeyBody,
  CreateInvitationBody,
  UpdateMemberRoleBody,
  UpdateWorkspaceSettingsBody,
} from '@app/contracts';

const as = (permission: Permission) => ({ kind: 'broker', permission }) as const;
const BALANCE = outputSchemaOf('The workspace balances', { decisions: 'number', lead_credits: 'number' });

/** Spec 4.6 workspace tools: owner and admin manage; agents only read the workspace (spec 5.7). */
export function workspaceTools(services: ToolServices): McpTool[] {
  return [
    defineTool({
      name: 'workspace_get_settings',
      title: 'Workspace settings',
      description: 'Your workspace: name, kind, public page slug, member count.',
      audience: as('workspace:read'),
      annotations: READ,
      output: outputSchemaOf('The workspace', { id: 'string', name: 'string' }),
      call: (principal) => services.workspace.getWorkspace(principal),
    }),
    defineTool({
      name: 'workspace_update_settings',
      title: 'Change workspace settings',
      description:
        'As PATCH /v1/workspace: the workspace name, default language (en, ar), IANA time zone, and the ' +
        'low-balance alerts {decisions?, lead_credits?} (e-mail and push when a balance falls below; 0: never). ' +
        'Only what is sent changes.',
      audience: as('workspace:settings'),
      annotations: UPDATE,
      input: UpdateWorkspaceSettingsBody,
      output: outputSchemaOf('The workspace with its settings', {
        id: 'string',
        name: 'string',
        default_language: 'string',
        time_zone: 'string',
        low_balance_threshold: 'object',
      }),
      call: (principal, body) => services.workspace.updateSettings(principal, body),
    }),
    defineTool({
      name: 'workspace_list_members',
      title: 'List team members',
      description: 'The members of your workspace and their roles.',
      audience: as('team:manage'),
      annotations: READ,
      output: outputSchemaOf('The team', { data: 'array' }),
      call: (principal) => services.workspace.listMembers(principal),
    }),
    defineTool({
      name: 'workspace_invite_member',
      title: 'Invite a member',
      description: 'Invite someone by e-mail as admin or agent. The accept token is shown only in this answer.',
      audience: as('team:manage'),
      annotations: WRITE,
      input: CreateInvitationBody,
      output: outputSchemaOf('The invitation', { id: 'string', email: 'string', role: 'string' }),
      call: (principal, body) => services.invitations.invite(principal, body),
    }),
    defineTool({
      name: 'workspace_update_member_role',
      title: 'Change a member’s role',
      description: 'Make a member admin or agent (the owner’s role is changed by ownership transfer only).',
      audience: as('team:manage'),
      annotations: UPDATE,
      ids: ['member_id'],
      input: UpdateMemberRoleBody,
      output: outputSchemaOf('The member', { role: 'string' }),
      call: (principal, body, ids) => services.workspace.changeRole(principal, ids.member_id, body),
    }),
    defineTool({
      name: 'workspace_remove_member',
      title: 'Remove a member',
      description: 'Remove a member from your workspace (not the owner).',
      audience: as('team:manage'),
      annotations: DELETE,
      ids: ['member_id'],
      output: outputSchemaOf('Removed', { removed: 'boolean' }),
      call: (principal, _body, ids) => services.workspace.removeMember(principal, ids.member_id),
      wrap: () => ({ removed: true }),
    }),
    defineTool({
      name: 'workspace_list_api_keys',
      title: 'List API keys',
      description: 'Your workspace’s API keys (prefix, label, last use; never the secret).',
      audience: as('api_keys:read'),
      annotations: READ,
      output: outputSchemaOf('The keys', { data: 'array' }),
      call: (principal) => services.apiKeys.list(principal),
    }),
    defineTool({
      name: 'workspace_create_api_key',
      title: 'Create an API key',
      description: 'A new API key for the decision API. The secret is shown only in this answer: keep it safe.',
      audience: as('api_keys:manage'),
      annotations: WRITE,
      input: CreateApiKeyBody,
      output: outputSchemaOf('The key with its secret', { id: 'string', secret: 'string' }),
      call: (principal, body) => services.apiKeys.create(principal, body),
    }),
    defineTool({
      name: 'workspace_delete_api_key',
      title: 'Revoke an API key',
      description: 'Revoke a key: it stops working within seconds.',
      audience: as('api_keys:manage'),
      annotations: DELETE,
      ids: ['key_id'],
      output: outputSchemaOf('Revoked', { revoked: 'boolean' }),
      call: (principal, _body, ids) => services.apiKeys.revoke(principal, ids.key_id),
      wrap: () => ({ revoked: true }),
    }),
    defineTool({
      name: 'workspace_get_credit_balance',
      title: 'Balances',
      description: 'Decisions and lead credits left, and their low-balance alerts.',
      audience: as('billing:read'),
      annotations: READ,
      output: BALANCE,
      call: (principal) => services.billing.balance(principal),
    }),
  ];
}
