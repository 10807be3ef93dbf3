import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { catalogueDatabase } from './database/catalogue.database';
import { CatalogueDemoModule } from './demo/catalogue-demo.module';
import { IdentityErasureConsumer } from './erasure/identity-erasure.consumer';
import { ListingsModule } from './listings/listings.module';
import { MarketModule } from './market/market.module';
import { ModerationModule } from './moderation/moderation.module';
import { ProjectsModule } from './projects/projects.module';
import { PropertiesModule } from './properties/properties.module';
import { VerificationModule } from './verification/verification.module';

/** Catalogue: listings, moderation, public property search. */
@Module({
  imports: [
    DatabaseModule.forService(catalogueDatabase),
    ListingsModule,
    ModerationModule,
    PropertiesModule,
    VerificationModule,
    ProjectsModule,
    CatalogueDemoModule,
    MarketModule,
  ],
  controllers: [serviceStatusController('catalogue')],
  providers: [IdentityErasureConsumer],
})
export class CatalogueModule {}
