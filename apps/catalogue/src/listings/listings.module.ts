import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { catalogueConfig } from '../config/catalogue.env';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { DecisionClient } from './decision.client';
import { ImageUrls } from './image-urls';
import { ListingImagesController } from './listing-images.controller';
import { ListingImagesRepository } from './listing-images.repository';
import { ListingImagesService } from './listing-images.service';
import { ListingImportService } from './listing-import.service';
import { ListingsController } from './listings.controller';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';
import { PriceHistoryRepository } from './price-history.repository';

/** A workspace's listings: drafts, edits, images, submission with automated checks, events. */
@Module({
  imports: [ConfigModule.forFeature(catalogueConfig), SavedSearchesModule],
  controllers: [ListingsController, ListingImagesController],
  providers: [
    ListingsService,
    ListingsRepository,
    ListingImagesService,
    ListingImagesRepository,
    ListingImportService,
    DecisionClient,
    ImageUrls,
    PriceHistoryRepository,
  ],
  exports: [ListingsService, ListingsRepository, ListingImagesRepository, ImageUrls, PriceHistoryRepository],
})
export class ListingsModule {}
