import { Module } from '@nestjs/common';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { CatalogueClient } from './catalogue.client';
import { ImagesModule } from './images/images.module';
import { ListingImportController } from './import/listing-import.controller';
import { ListingImportService } from './import/listing-import.service';
import { ListingsController } from './listings.controller';
import { ModerationController } from './moderation.controller';

/** `/v1/listings` and `/v1/moderation/listings`, forwarded to the catalogue service; listing images. */
@Module({
  imports: [ImagesModule, AccountsModule],
  controllers: [ListingImportController, ListingsController, ModerationController],
  providers: [CatalogueClient, ListingImportService],
})
export class CatalogueApiModule {}
