import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { catalogueConfig } from '../config/catalogue.env';
import { DecisionClient } from './decision.client';
import { ImageUrls } from './image-urls';
import { ListingsController } from './listings.controller';
import { ListingsRepository } from './listings.repository';
import { ListingsService } from './listings.service';

/** A workspace's listings: drafts, edits, submission with automated checks, events. */
@Module({
  imports: [ConfigModule.forFeature(catalogueConfig)],
  controllers: [ListingsController],
  providers: [ListingsService, ListingsRepository, DecisionClient, ImageUrls],
  exports: [ListingsService, ListingsRepository, ImageUrls],
})
export class ListingsModule {}
