import { Module } from '@nestjs/common';
import { BillingApiModule } from '../billing/billing-api.module';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { CatalogueApiModule } from '../catalogue/catalogue-api.module';
import { DecisionsApiModule } from '../decisions/decisions-api.module';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { IdentityDirectoryModule } from '../identity/directory/identity-directory.module';
import { ApiKeysModule } from '../identity/api-keys/api-keys.module';
import { KnowledgeApiModule } from '../knowledge/knowledge-api.module';
import { WorkspacesModule } from '../identity/workspaces/workspaces.module';
import { LocationsApiModule } from '../locations/locations-api.module';
import { MarketApiModule } from '../market/market-api.module';
import { ProjectsApiModule } from '../projects/projects-api.module';
import { PropertiesApiModule } from '../properties/properties-api.module';
import { WidgetsApiModule } from '../widgets/widgets-api.module';
import { McpServerFactory } from './mcp-server.factory';
import { ToolServices } from './tools/tool-services';
import { LeadsApiModule } from '../leads/leads-api.module';
import { ToolCallersRepository } from './tools/tool-callers.repository';
import { ToolCatalogue } from './tools/tool-catalogue';

/**
 * The MCP tool catalogue and the per-request server factory. The tools call the feature services
 * their REST routes call, imported with their modules; no controller is provided here.
 */
@Module({
  imports: [
    IdentityDirectoryModule,
    AccountsModule,
    ApiKeysModule,
    BillingApiModule,
    BrokersApiModule,
    DecisionsApiModule,
    LeadsApiModule,
    CatalogueApiModule,
    PropertiesApiModule,
    LocationsApiModule,
    MarketApiModule,
    ProjectsApiModule,
    KnowledgeApiModule,
    WidgetsApiModule,
    WorkspacesModule,
  ],
  providers: [ToolServices, ToolCatalogue, ToolCallersRepository, McpServerFactory],
  exports: [McpServerFactory, ToolCatalogue, ToolCallersRepository],
})
export class McpToolsModule {}
