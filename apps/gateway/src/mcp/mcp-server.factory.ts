import { Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '@app/contracts';

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

interface SessionTool {
  tool: Tool;
  call(principal: UserPrincipal, args: Record<string, unknown>): CallToolResult;
}

/**
 * Minimal catalogue (the session tools) so the endpoint and the OAuth flow can be tested;
 * the full role-scoped catalogue replaces this file with the same interface.
 */
const TOOLS: SessionTool[] = [
  {
    tool: {
      name: 'session_whoami',
      description: 'Who the assistant acts for: the account id, its role, and the workspace role if any.',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: {
        type: 'object',
        properties: {
          account_id: { type: 'string', description: 'The account the assistant acts for' },
          account_role: { type: 'string', description: 'buyer, investor, seller, broker or developer' },
          workspace_id: { type: ['string', 'null'], description: 'The workspace, when the account has one' },
          workspace_role: { type: ['string', 'null'], description: 'owner, admin or agent' },
        },
        required: ['account_id', 'account_role', 'workspace_id', 'workspace_role'],
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    call: (principal) => {
      const who = {
        account_id: principal.accountId,
        account_role: principal.accountRole,
        workspace_id: principal.workspaceId ?? null,
        workspace_role: principal.workspaceRole ?? null,
      };
      return { content: [{ type: 'text', text: JSON.stringify(who) }], structuredContent: who };
    },
  },
  {
    tool: {
      name: 'session_ping',
      description: 'Echoes a message: checks the connection.',
      inputSchema: {
        type: 'object',
        properties: { message: { type: 'string', description: 'Any text, Arabic included', maxLength: 1000 } },
      },
      outputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    call: (_principal, args) => {
      const echo = { message: typeof args.message === 'string' ? args.message.slice(0, 1000) : 'pong' };
      return { content: [{ type: 'text', text: echo.message }], structuredContent: echo };
    },
  },
];

const LISTED = TOOLS.map(({ tool }) => tool);
const BY_NAME = new Map(TOOLS.map((entry) => [entry.tool.name, entry]));

/** One light low-level Server per request over the catalogue built once (stack-notes: ~0.5 ms instead of ~3). */
@Injectable()
export class McpServerFactory {
  create(principal: UserPrincipal): Server {
    const server = new Server(
      { name: 'property-platform', version: '1.0.0' },
      { capabilities: { tools: { listChanged: false } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const entry = BY_NAME.get(request.params.name);
      if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return entry.call(principal, request.params.arguments ?? {});
    });
    return server;
  }
}
