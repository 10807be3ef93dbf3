import { Module } from '@nestjs/common';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { RateLimitsModule } from '../identity/rate-limits/rate-limits.module';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';
import { LoginPageRateLimitGuard } from './login-rate-limit';
import { OAuthAccountsRepository } from './oauth-accounts.repository';
import { OAuthServer } from './oauth-server.service';
import { WellKnownController } from './well-known.controller';

/** The OAuth 2.1 authorization server for MCP clients: /oauth (mounted by the HTTP app), pages, discovery. */
@Module({
  imports: [AccountsModule, RateLimitsModule],
  controllers: [InteractionsController, WellKnownController],
  providers: [OAuthServer, InteractionsService, OAuthAccountsRepository, LoginPageRateLimitGuard],
  exports: [OAuthServer, OAuthAccountsRepository],
})
export class OAuthModule {}
