import { Injectable, Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, toAppError } from '@app/errors';
import type { ToolCaller, UserPrincipal } from './tools/mcp-tool';
import { ToolCallersRepository } from './tools/tool-callers.repository';
import { ToolCatalogue } from './tools/tool-catalogue';

const SERVER_INFO = { name: 'property-decision-platform', version: '1.0.0' };
const INSTRUCTIONS =
  'Property search, inquiries and viewings in Saudi Arabia and the UAE, and for brokers their listings, leads, ' +
  'team and decisions. Arabic and English are both accepted; records carry both languages where they have them.';

/**
 * One light MCP `Server` per request (stateless serving): the tool catalogue is built once, so a
 * request costs only the two handlers bound to its user (stack-notes "MCP and OAuth").
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger(McpServerFactory.name);
  /**
   * One for every Server: left out, each Server builds its own Ajv instance, a third of a
   * millisecond per request, for elicitation forms these tools never send.
   */
  private readonly jsonSchemaValidator = new AjvJsonSchemaValidator();

  constructor(
    private readonly catalogue: ToolCatalogue,
    private readonly callers: ToolCallersRepository,
  ) {}

  create(principal: UserPrincipal): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.jsonSchemaValidator,
    });
    // The workspace's kind is read once per server (one request), only when a tool request needs it.
    let caller: Promise<ToolCaller> | undefined;
    const callerOnce = () => (caller ??= this.callers.callerOf(principal));
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: this.catalogue.visibleTo(await callerOnce()),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = this.catalogue.find(request.params.name, await callerOnce());
      if (!tool) throw new ToolNotFound(request.params.name);
      try {
        return success(await tool.run(principal, request.params.arguments ?? {}));
      } catch (error) {
        return this.failure(error, tool.name);
      }
    });
    return server;
  }

  /** The REST error's code and message (and field, balance…), as an MCP tool error the assistant can read. */
  private failure(error: unknown, toolName: string): CallToolResult {
    const known = toAppError(error);
    if (!known) this.logger.error({ err: error, tool: toolName }, 'MCP tool failed');
    const envelope = (known ?? new AppError('internal_error', 'An unexpected error occurred.')).toEnvelope();
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
  }
}

/**
 * JSON-RPC -32602 for a tool this user cannot see. Not McpError: its message already starts with
 * "MCP error -32602:", and the client SDK prefixes the message it receives again.
 */
class ToolNotFound extends Error {
  readonly code = ErrorCode.InvalidParams;

  constructor(name: string) {
    super(`Tool ${name} not found`);
  }
}

function success(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}
