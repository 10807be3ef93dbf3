import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ConversationsController } from '../conversations/conversations.controller';
import { ConversationsService } from '../conversations/conversations.service';
import { DeveloperWorkspaceGuard } from '../identity/access/developer-workspace.guard';
import { IdentityDirectoryModule } from '../identity/directory/identity-directory.module';
import { LiveHub } from './live-hub';
import { VisitorAccessService } from './visitor-access.service';
import { VisitorRateLimitModule } from './visitor-rate-limit';
import { VisitorSessionsController } from './visitor-sessions.controller';
import { VisitorSessionsService } from './visitor-sessions.service';
import { VisitorTokensService } from './visitor-tokens.service';
import { WidgetConfigController } from './widget-config.controller';
import { WidgetConfigService } from './widget-config.service';
import { WidgetsController } from './widgets.controller';

/** The chat widget's HTTP edge: configuration, the visitors' API and live stream, and the team's inbox. */
@Module({
  imports: [JwtModule.register({}), VisitorRateLimitModule, IdentityDirectoryModule],
  controllers: [WidgetConfigController, WidgetsController, VisitorSessionsController, ConversationsController],
  providers: [
    VisitorSessionsService,
    DeveloperWorkspaceGuard,
    VisitorTokensService,
    VisitorAccessService,
    LiveHub,
    ConversationsService,
    WidgetConfigService,
  ],
  exports: [ConversationsService, WidgetConfigService],
})
export class WidgetsApiModule {}
