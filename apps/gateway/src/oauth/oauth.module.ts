import { Module } from '@nestjs/common';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { RateLimitsModule } from '../identity/rate-limits/rate-limits.module';
import { McpToolsModule } from '../mcp/mcp-tools.module';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';
import { LoginPageRateLimitGuard } from './login-rate-limit';
import { OAuthAccessTokens } from './oauth-access-tokens';
import { OAuthAccountsRepository } from './oauth-accounts.repository';
import { OAuthServer } from './oauth-server.service';
import { WellKnownController } from './well-known.controller';

/**
 * The OAuth 2.1 authorization server for MCP clients and REST integrations: /oauth (mounted by
 * the HTTP app), pages (the consent page lists the tools' permissions: the tool catalogue), discovery.
 */
@Module({
  imports: [AccountsModule, RateLimitsModule, McpToolsModule],
  controllers: [InteractionsController, WellKnownController],
  providers: [OAuthServer, OAuthAccessTokens, InteractionsService, OAuthAccountsRepository, LoginPageRateLimitGuard],
  exports: [OAuthServer, OAuthAccountsRepository, OAuthAccessTokens],
})
export class OAuthModule {}
