import { Module } from '@nestjs/common';
import { SavedSearchAlerts } from './saved-search-alerts';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';

/** Buyers' saved searches, and the alerts a publication or a price drop raises for them. */
@Module({
  controllers: [SavedSearchesController],
  providers: [SavedSearchesService, SavedSearchesRepository, SavedSearchAlerts],
  exports: [SavedSearchAlerts],
})
export class SavedSearchesModule {}
