import { Module } from '@nestjs/common';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { PropertiesController } from './properties.controller';
import { PropertiesService } from './properties.service';
import { SavedPropertiesController } from './saved-properties.controller';

/** `GET /v1/properties` and `/v1/properties/{id}`: the public catalogue, from the catalogue service; saved properties. */
@Module({
  imports: [BrokersApiModule],
  controllers: [PropertiesController, SavedPropertiesController],
  providers: [PropertiesService],
  exports: [PropertiesService],
})
export class PropertiesApiModule {}
