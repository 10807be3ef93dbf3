import { Module } from '@nestjs/common';
import { IMAGE_STORE } from './images/image-store';
import { imageStoreProvider } from './images/image-store.provider';

/**
 * Uploads, one pipeline for every feature that takes a file (listing and project images, broker
 * documents, knowledge documents, the listing import): a single multipart file within its limit
 * (single-file-upload.ts), decoded by kind (images/, documents/, spooled-upload.ts), images kept in
 * the image store.
 */
@Module({
  providers: [imageStoreProvider],
  exports: [IMAGE_STORE],
})
export class MediaModule {}
