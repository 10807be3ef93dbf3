import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingClient } from '../billing/billing.client';
import { BillingService } from '../billing/billing.service';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { CatalogueApiModule } from '../catalogue/catalogue-api.module';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { DecisionsClient } from '../decisions/decisions.client';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { ApiKeysService } from '../identity/api-keys/api-keys.service';
import { Invitation } from '../identity/workspaces/invitation.entity';
import { InvitationsRepository } from '../identity/workspaces/invitations.repository';
import { InvitationsService } from '../identity/workspaces/invitations.service';
import { KnowledgeApiModule } from '../knowledge/knowledge-api.module';
import { Membership } from '../identity/workspaces/membership.entity';
import { Workspace } from '../identity/workspaces/workspace.entity';
import { WorkspacesRepository } from '../identity/workspaces/workspaces.repository';
import { WorkspacesService } from '../identity/workspaces/workspaces.service';
import { LeadParties } from '../leads/lead-parties';
import { LocationsApiService } from '../locations/locations-api.service';
import { MarketApiService } from '../market/market-api.service';
import { ProjectsApiModule } from '../projects/projects-api.module';
import { PropertiesApiModule } from '../properties/properties-api.module';
import { WidgetsApiModule } from '../widgets/widgets-api.module';
import { McpServerFactory } from './mcp-server.factory';
import { REST_HANDLERS, RestRoutes } from './tools/rest-routes';
import { LeadsApiModule } from '../leads/leads-api.module';
import { ToolCallersRepository } from './tools/tool-callers.repository';
import { ToolCatalogue } from './tools/tool-catalogue';

/**
 * The MCP tool catalogue and the per-request server factory. The REST handlers the tools call
 * are provided here (not mounted: no routes are added), with the same services and clients
 * their own modules give them.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Workspace, Membership, Invitation], IDENTITY_DATABASE),
    AccountsModule,
    BrokersApiModule,
    LeadsApiModule,
    CatalogueApiModule,
    PropertiesApiModule,
    ProjectsApiModule,
    KnowledgeApiModule,
    WidgetsApiModule,
  ],
  providers: [
    ...REST_HANDLERS,
    LocationsApiService,
    MarketApiService,
    LeadParties,
    WorkspacesService,
    WorkspacesRepository,
    InvitationsService,
    InvitationsRepository,
    ApiKeysService,
    BillingService,
    BillingClient,
    DecisionsClient,
    RestRoutes,
    ToolCatalogue,
    ToolCallersRepository,
    McpServerFactory,
  ],
  exports: [McpServerFactory, ToolCatalogue, ToolCallersRepository],
})
export class McpToolsModule {}
