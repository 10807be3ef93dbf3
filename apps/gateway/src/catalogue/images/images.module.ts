import { Module } from '@nestjs/common';
import { IMAGE_STORE } from './image-store';
import { imageStoreProvider } from './image-store.provider';
import { ImagesController } from './images.controller';
import { ListingFilesCleanupConsumer } from './listing-files-cleanup.consumer';
import { ListingImagesController } from './listing-images.controller';
import { ListingImagesService } from './listing-images.service';

/** Listing images: upload, reorder, delete (records in the catalogue, files in the image store) and serving. */
@Module({
  controllers: [ListingImagesController, ImagesController],
  providers: [ListingImagesService, imageStoreProvider, ListingFilesCleanupConsumer],
  exports: [IMAGE_STORE],
})
export class ImagesModule {}
