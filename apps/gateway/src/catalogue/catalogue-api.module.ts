import { Module } from '@nestjs/common';
import { CatalogueClient } from './catalogue.client';
import { ImagesModule } from './images/images.module';
import { ListingsController } from './listings.controller';
import { ModerationController } from './moderation.controller';

/** `/v1/listings` and `/v1/moderation/listings`, forwarded to the catalogue service; listing images. */
@Module({
  imports: [ImagesModule],
  controllers: [ListingsController, ModerationController],
  providers: [CatalogueClient],
})
export class CatalogueApiModule {}
