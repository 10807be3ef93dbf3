import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingApiModule } from '../billing/billing-api.module';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { DecisionsApiModule } from '../decisions/decisions-api.module';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { ApiKeysModule } from '../identity/api-keys/api-keys.module';
import { KnowledgeClient } from '../knowledge/knowledge.client';
import { DeveloperWorkspaces } from '../projects/developer-workspace';
import { Workspace } from '../identity/workspaces/workspace.entity';
import { WorkspacesModule } from '../identity/workspaces/workspaces.module';
import { LeadParties } from '../leads/lead-parties';
import { LocationsApiModule } from '../locations/locations-api.module';
import { MarketApiModule } from '../market/market-api.module';
import { ProjectsApiModule } from '../projects/projects-api.module';
import { PropertiesClient } from '../properties/properties.client';
import { PropertiesService } from '../properties/properties.service';
import { WidgetsApiModule } from '../widgets/widgets-api.module';
import { McpServerFactory } from './mcp-server.factory';
import { REST_HANDLERS, RestRoutes } from './tools/rest-routes';
import { LeadsApiModule } from '../leads/leads-api.module';
import { ToolCallersRepository } from './tools/tool-callers.repository';
import { ToolCatalogue } from './tools/tool-catalogue';

/**
 * The MCP tool catalogue and the per-request server factory. The tools call the feature services
 * their REST routes call (imported with their modules); the REST handlers not yet behind a
 * service are provided here (not mounted: no routes are added).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Workspace], IDENTITY_DATABASE),
    AccountsModule,
    ApiKeysModule,
    BillingApiModule,
    BrokersApiModule,
    DecisionsApiModule,
    LeadsApiModule,
    LocationsApiModule,
    MarketApiModule,
    ProjectsApiModule,
    WidgetsApiModule,
    WorkspacesModule,
  ],
  providers: [
    ...REST_HANDLERS,
    PropertiesService,
    PropertiesClient,
    LeadParties,
    CatalogueClient,
    KnowledgeClient,
    DeveloperWorkspaces,
    RestRoutes,
    ToolCatalogue,
    ToolCallersRepository,
    McpServerFactory,
  ],
  exports: [McpServerFactory, ToolCatalogue, ToolCallersRepository],
})
export class McpToolsModule {}
