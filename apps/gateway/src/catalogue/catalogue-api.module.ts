import { Module } from '@nestjs/common';
import { AccountsModule } from '../identity/accounts/accounts.module';
import { ListingImagesModule } from './images/listing-images.module';
import { ListingImportController } from './import/listing-import.controller';
import { ListingImportService } from './import/listing-import.service';
import { ListingsController } from './listings.controller';
import { ListingsService } from './listings.service';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';

/** `/v1/listings` and `/v1/moderation/listings`, forwarded to the catalogue service; listing images. */
@Module({
  imports: [ListingImagesModule, AccountsModule],
  controllers: [ListingImportController, ListingsController, ModerationController],
  providers: [ListingsService, ModerationService, ListingImportService],
  exports: [ListingsService],
})
export class CatalogueApiModule {}
