import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { GatewayConfigModule } from './config/gateway-config.module';
import { identityDatabase } from './database/identity.database';
import { BillingApiModule } from './billing/billing-api.module';
import { BrokersApiModule } from './brokers/brokers-api.module';
import { CatalogueApiModule } from './catalogue/catalogue-api.module';
import { FairUseModule } from './fair-use/fair-use.module';
import { HealthModule } from './health/health.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { IdentityModule } from './identity/identity.module';
import { DecisionsApiModule } from './decisions/decisions-api.module';
import { KnowledgeApiModule } from './knowledge/knowledge-api.module';
import { LeadsApiModule } from './leads/leads-api.module';
import { ConditionalRequestsModule } from './http/conditional-requests/conditional-requests.module';
import { LocationsApiModule } from './locations/locations-api.module';
import { MarketApiModule } from './market/market-api.module';
import { McpModule } from './mcp/mcp.module';
import { NotificationsApiModule } from './notifications/notifications-api.module';
import { OAuthModule } from './oauth/oauth.module';
import { ProjectsApiModule } from './projects/projects-api.module';
import { PropertiesApiModule } from './properties/properties-api.module';
import { WidgetPageModule } from './widget-page/widget-page.module';
import { WidgetsApiModule } from './widgets/widgets-api.module';

/** The public edge: REST under /v1, /mcp and its OAuth server /oauth; owns the identity schema. */
@Module({
  imports: [
    GatewayConfigModule,
    DatabaseModule.forService(identityDatabase),
    FairUseModule,
    HealthModule,
    IdempotencyModule,
    IdentityModule,
    ConditionalRequestsModule,
    LocationsApiModule,
    MarketApiModule,
    PropertiesApiModule,
    DecisionsApiModule,
    BillingApiModule,
    CatalogueApiModule,
    LeadsApiModule,
    KnowledgeApiModule,
    NotificationsApiModule,
    BrokersApiModule,
    ProjectsApiModule,
    WidgetsApiModule,
    OAuthModule,
    McpModule,
    WidgetPageModule,
  ],
})
export class GatewayModule {}
