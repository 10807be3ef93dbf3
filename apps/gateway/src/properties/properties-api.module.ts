import { Module } from '@nestjs/common';
import { BrokersApiModule } from '../brokers/brokers-api.module';
import { PropertiesController } from './properties.controller';
import { PropertiesService } from './properties.service';
import { SavedPropertiesController } from './saved-properties.controller';

/** `/v1/properties` (the public catalogue) and `/v1/me/saved-properties`, from the catalogue service. */
@Module({
  imports: [BrokersApiModule],
  controllers: [PropertiesController, SavedPropertiesController],
  providers: [PropertiesService],
  exports: [PropertiesService],
})
export class PropertiesApiModule {}
