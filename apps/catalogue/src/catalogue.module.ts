import { Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { serviceStatusController } from '@app/platform';
import { catalogueDatabase } from './database/catalogue.database';

/** Catalogue: listings, moderation, public property search. */
@Module({
  imports: [DatabaseModule.forService(catalogueDatabase)],
  controllers: [serviceStatusController('catalogue')],
})
export class CatalogueModule {}
