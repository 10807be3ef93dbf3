import { Injectable } from '@nestjs/common';
import { CATALOGUE_LISTING_DELETED } from '@app/contracts';
import type { ListingEventPayload } from '@app/contracts';
import { EventConsumer, OnEvent } from '@app/messaging';
import type { DomainEvent } from '@app/messaging';
import { IDENTITY_DATABASE } from '../../database/identity.database';
import { ListingImagesService } from './listing-images.service';

/**
 * A deleted listing's image files go too (its image rows went with it in the catalogue).
 * Deleting a prefix twice is harmless, so a redelivery changes nothing.
 */
@Injectable()
@EventConsumer(IDENTITY_DATABASE)
export class ListingFilesCleanupConsumer {
  constructor(private readonly images: ListingImagesService) {}

  @OnEvent({ subject: CATALOGUE_LISTING_DELETED, name: 'listing-image-files' })
  onListingDeleted(event: DomainEvent<ListingEventPayload>): Promise<void> {
    return this.images.deleteListingFiles(event.payload.listing_id);
  }
}
