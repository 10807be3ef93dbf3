import { Module } from '@nestjs/common';
import { DecisionClient } from '../listings/decision.client';
import { ListingsModule } from '../listings/listings.module';
import { PropertiesController } from './properties.controller';
import { PropertiesRepository } from './properties.repository';
import { PropertiesService } from './properties.service';
import { SavedPropertiesService } from './saved-properties.service';

/** Public property search and detail (spec 4.3). */
@Module({
  imports: [ListingsModule],
  controllers: [PropertiesController],
  providers: [PropertiesService, SavedPropertiesService, PropertiesRepository, DecisionClient],
})
export class PropertiesModule {}
