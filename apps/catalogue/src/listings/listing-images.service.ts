import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_LISTING_UPDATED, MAX_LISTING_IMAGES, listingImageKeys } from '@app/contracts';
import type {
  AddListingImageRequest,
  ListingImageDeletedResponse,
  ListingImageRefRequest,
  ListingImageResponse,
  ListingImageSlotResponse,
  ListingImagesRequest,
  ListingResponse,
  ReorderListingImagesRequest,
} from '@app/contracts';
import { AppError } from '@app/errors';
import { ImageUrls } from './image-urls';
import { ListingImagesRepository } from './listing-images.repository';
import { transition } from './listing-state';
import { toListingImageResponse } from './listing.dto';
import { ListingsRepository } from './listings.repository';
import type { ListingImageRow, ListingRow } from './listings.repository';
import { ListingsService, notFound, ownerOf } from './listings.service';

/**
 * A listing's images as records: the gateway stores the files and asks here first (check),
 * then records them (add). Images change when the listing may be edited (not while pending);
 * a published listing keeps at least one, as submitting needs one.
 */
@Injectable()
export class ListingImagesService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly images: ListingImagesRepository,
    private readonly listingsService: ListingsService,
    private readonly urls: ImageUrls,
  ) {}

  /** Would the listing take one more image now? Asked before the upload is read. */
  async check(request: ListingImagesRequest): Promise<ListingImageSlotResponse> {
    return this.listings.transaction(async (tx) => {
      const listing = await this.editable(tx, request);
      const count = await this.listings.imageCount(tx, listing.id);
      assertRoomFor(count);
      return { listing_id: listing.id, image_count: count };
    });
  }

  async add(request: AddListingImageRequest): Promise<ListingImageResponse> {
    const image = await this.listings.transaction(async (tx) => {
      const listing = await this.editable(tx, request);
      assertRoomFor(await this.listings.imageCount(tx, listing.id));
      const keys = listingImageKeys(listing.id, request.image_id);
      const added = await this.images.append(tx, {
        id: request.image_id,
        listing_id: listing.id,
        display_key: keys.display,
        thumb_key: keys.thumbnail,
        width: request.width,
        height: request.height,
        bytes: request.bytes,
      });
      await this.touch(tx, listing);
      return added;
    });
    return toListingImageResponse(image, (key) => this.urls.imageUrl(key));
  }

  /** `image_ids` must name every image of the listing once: the order is then exactly what was sent. */
  async reorder(request: ReorderListingImagesRequest): Promise<ListingResponse> {
    const listing = await this.listings.transaction(async (tx) => {
      const current = await this.editable(tx, request);
      assertSameImages(await this.images.ofListing(tx, current.id), request.image_ids);
      await this.images.reorder(tx, current.id, request.image_ids);
      return this.touch(tx, current);
    });
    return this.listingsService.present(listing);
  }

  async delete(request: ListingImageRefRequest): Promise<ListingImageDeletedResponse> {
    await this.listings.transaction(async (tx) => {
      const listing = await this.editable(tx, request);
      const deleted = await this.images.delete(tx, listing.id, request.image_id);
      if (!deleted) throw imageNotFound();
      if (listing.status === 'published' && (await this.listings.imageCount(tx, listing.id)) === 0) {
        throw new AppError('invalid_state', 'A published listing keeps at least one image: add another first.', {
          state: listing.status,
          details: { state: listing.status, action: 'delete_last_image' },
        });
      }
      await this.touch(tx, listing);
    });
    return { object: 'listing_image', id: request.image_id, deleted: true };
  }

  /** The owner's listing, locked, in a state whose images may change (not pending: 409). */
  private async editable(tx: EntityManager, request: ListingImagesRequest): Promise<ListingRow> {
    const listing = await this.listings.find(ownerOf(request), request.listing_id, tx, true);
    if (!listing) throw notFound();
    transition(listing.status, 'edit');
    return listing;
  }

  /** The listing's updated_at moves and subscribers hear of it, as for any edit. */
  private async touch(tx: EntityManager, listing: ListingRow): Promise<ListingRow> {
    const updated = await this.listings.update(tx, listing.id, {});
    await this.listingsService.emit(tx, CATALOGUE_LISTING_UPDATED, updated, { changed: ['images'] });
    return updated;
  }
}

function assertRoomFor(count: number): void {
  if (count >= MAX_LISTING_IMAGES) {
    throw new AppError('conflict', `A listing holds at most ${MAX_LISTING_IMAGES} images: delete one first.`, {
      details: { max_images: MAX_LISTING_IMAGES, image_count: count },
    });
  }
}

function assertSameImages(images: ListingImageRow[], imageIds: string[]): void {
  const current = new Set(images.map((image) => image.id));
  const same = imageIds.length === current.size && imageIds.every((id) => current.has(id));
  if (!same) {
    throw new AppError('validation_error', "image_ids must list each of the listing's images exactly once.", {
      field: 'image_ids',
      details: { fields: [{ field: 'image_ids', expected: 'every image id of the listing, once each' }] },
    });
  }
}

function imageNotFound(): AppError {
  return new AppError('not_found', 'This listing has no such image.');
}
