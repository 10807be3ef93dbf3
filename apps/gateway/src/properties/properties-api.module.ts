import { Module } from '@nestjs/common';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { IdentityDirectoryModule } from '../identity/directory/identity-directory.module';
import { PropertiesController } from './properties.controller';
import { PropertiesService } from './properties.service';
import { SavedPropertiesController } from './saved-properties.controller';
import { SavedSearchUnsubscribeController } from './saved-search-unsubscribe.controller';
import { SavedSearchUnsubscribeService } from './saved-search-unsubscribe.service';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesService } from './saved-searches.service';

/**
 * `/v1/properties` (the public catalogue), `/v1/me/saved-properties` and `/v1/me/saved-searches`
 * with its unsubscribe link, from the catalogue service.
 */
@Module({
  imports: [BrokersApiModule, IdentityDirectoryModule],
  controllers: [
    PropertiesController,
    SavedPropertiesController,
    SavedSearchesController,
    SavedSearchUnsubscribeController,
  ],
  providers: [PropertiesService, SavedSearchesService, SavedSearchUnsubscribeService],
  exports: [PropertiesService, SavedSearchesService],
})
export class PropertiesApiModule {}
