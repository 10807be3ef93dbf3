import { Module } from '@nestjs/common';
import { McpServerFactory } from './mcp-server.factory';

/** The MCP tool catalogue; /mcp depends only on McpServerFactory.create(principal). */
@Module({
  providers: [McpServerFactory],
  exports: [McpServerFactory],
})
export class McpToolsModule {}
