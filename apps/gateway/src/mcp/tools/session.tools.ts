import { AppError } from '@app/errors';
import { IsString, MaxLength } from '@app/validation';
import type { IdentityDirectory } from '../../identity/directory/identity-directory';
import { READ, defineTool, outputSchemaOf } from './mcp-tool';
import type { McpTool } from './mcp-tool';

/** ping's argument. */
export class PingDto {
  @IsString()
  @MaxLength(1000)
  message: string;
}

/** Spec 4.6 tools of every session. */
export function sessionTools(identity: IdentityDirectory): McpTool[] {
  const session = { kind: 'session' } as const;
  return [
    defineTool({
      name: 'whoami',
      title: 'Who am I',
      description: 'The signed-in account behind this assistant: name, e-mail, role, workspace and workspace role.',
      audience: session,
      annotations: READ,
      output: outputSchemaOf('The account', {
        account_id: 'string',
        name: 'string',
        email: 'string',
        account_role: 'string',
        workspace_id: 'string|null',
        workspace_role: 'string|null',
      }),
      call: async (principal) => {
        const found = await identity.accountWithWorkspace(principal.accountId);
        if (!found) throw new AppError('invalid_token', 'The account behind this credential no longer exists.');
        return {
          account_id: found.account.id,
          name: found.account.name,
          email: found.account.email,
          account_role: principal.accountRole,
          workspace_id: principal.workspaceId ?? null,
          workspace_role: principal.workspaceRole ?? null,
        };
      },
    }),
    defineTool({
      name: 'ping',
      title: 'Ping',
      description: 'Echoes the message back: checks the connection.',
      audience: session,
      annotations: READ,
      input: PingDto,
      help: { message: 'Any text, echoed back' },
      output: outputSchemaOf('The echo', { message: 'string' }),
      call: (_principal, body) => Promise.resolve({ message: body.message }),
    }),
  ];
}
