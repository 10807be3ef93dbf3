import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module';
import { McpAccessTokenStrategy } from './mcp-access-token.strategy';
import { McpAuthGuard } from './mcp-auth.guard';
import { McpController } from './mcp.controller';
import { McpToolsModule } from './mcp-tools.module';

/** `/mcp`: the authenticated Streamable HTTP endpoint over the tool catalogue. */
@Module({
  imports: [OAuthModule, McpToolsModule],
  controllers: [McpController],
  providers: [McpAccessTokenStrategy, McpAuthGuard],
})
export class McpModule {}
