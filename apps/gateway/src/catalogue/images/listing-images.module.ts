import { Module } from '@nestjs/common';
import { MediaModule } from '../../media/media.module';
import { ListingFilesCleanupConsumer } from './listing-files-cleanup.consumer';
import { ListingImageFilesController } from './listing-image-files.controller';
import { ListingImagesController } from './listing-images.controller';
import { ListingImagesService } from './listing-images.service';

/** Listing images: upload, reorder, delete (records in the catalogue, files in the media store) and serving. */
@Module({
  imports: [MediaModule],
  controllers: [ListingImagesController, ListingImageFilesController],
  providers: [ListingImagesService, ListingFilesCleanupConsumer],
})
export class ListingImagesModule {}
