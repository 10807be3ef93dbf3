import { Controller, Delete, Get, Post, Req, Res, UseGuards, VERSION_NEUTRAL } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { CurrentPrincipal, Public } from '../identity/access/access.decorators';
import { McpAuthGuard } from './mcp-auth.guard';
import { McpServerFactory } from './mcp-server.factory';

/**
 * The MCP endpoint (Streamable HTTP, stateless): each POST gets a light Server over the tool
 * catalogue and a transport of its own, so any replica answers any request. No session
 * stream: GET and DELETE answer 405, as the transport's stateless mode expects.
 * `@Public()` for the global guard: McpAuthGuard checks the OAuth token instead.
 */
@ApiExcludeController()
@Public()
@UseGuards(McpAuthGuard)
@Controller({ path: 'mcp', version: VERSION_NEUTRAL })
export class McpController {
  constructor(private readonly servers: McpServerFactory) {}

  @Post()
  async handle(
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (principal.kind !== 'user') throw new AppError('forbidden', 'MCP acts for a user.');
    const server = this.servers.create(principal);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  @Get()
  stream(): never {
    throw new AppError('method_not_allowed', 'This MCP server is stateless: POST JSON-RPC messages.');
  }

  @Delete()
  endSession(): never {
    throw new AppError('method_not_allowed', 'This MCP server is stateless: there is no session to end.');
  }
}
