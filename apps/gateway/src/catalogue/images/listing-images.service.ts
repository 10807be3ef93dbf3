import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { listingImageKeys, listingImagesPrefix } from '@app/contracts';
import type {
  ListingImageDeletedResponse,
  ListingImageKeys,
  ListingImageResponse,
  ListingResponse,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { gatewayConfig } from '../../config/gateway.env';
import { CatalogueClient } from '../catalogue.client';
import { IMAGE_STORE } from './image-store';
import type { ImageStore, StoredImage } from './image-store';
import { imageVariants } from './image-variants';
import { readUploadedFile } from './uploaded-file';

/**
 * Listing images at the edge: the gateway reads the upload, makes the display size and the
 * thumbnail, stores both, and asks the catalogue to record them. Only ids and sizes cross the
 * transport; the bytes go from the HTTP request to the store.
 */
@Injectable()
export class ListingImagesService {
  private readonly logger = new Logger(ListingImagesService.name);

  constructor(
    private readonly catalogue: CatalogueClient,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  async upload(workspaceId: string, listingId: string, request: FastifyRequest): Promise<ListingImageResponse> {
    // 404 / 409 before the body is read: nothing is decoded or stored for a listing that cannot take it.
    const slot = await this.catalogue.checkListingImage({ workspace_id: workspaceId, listing_id: listingId });
    const variants = await imageVariants(await readUploadedFile(request, this.config.IMAGE_MAX_BYTES));
    const imageId = randomUUID();
    const keys = listingImageKeys(slot.listing_id, imageId);
    await this.storeFiles(keys, [variants.display.data, variants.thumbnail.data]);
    try {
      return await this.catalogue.addListingImage({
        workspace_id: workspaceId,
        listing_id: slot.listing_id,
        image_id: imageId,
        width: variants.display.width,
        height: variants.display.height,
        bytes: variants.display.data.length,
      });
    } catch (err) {
      // Refused (the listing changed meanwhile): the files go. A timeout may still have been
      // recorded, so those files stay rather than risk a listing pointing at nothing.
      if (err instanceof AppError && err.status < 500) await this.forget([keys.display, keys.thumbnail]);
      throw err;
    }
  }

  reorder(workspaceId: string, listingId: string, imageIds: string[]): Promise<ListingResponse> {
    return this.catalogue.reorderListingImages({
      workspace_id: workspaceId,
      listing_id: listingId,
      image_ids: imageIds,
    });
  }

  async delete(workspaceId: string, listingId: string, imageId: string): Promise<ListingImageDeletedResponse> {
    const deleted = await this.catalogue.deleteListingImage({
      workspace_id: workspaceId,
      listing_id: listingId,
      image_id: imageId,
    });
    // Found, so both ids are uuids; the stored keys use their canonical (lower-case) form.
    const keys = listingImageKeys(listingId.toLowerCase(), imageId.toLowerCase());
    await this.forget([keys.display, keys.thumbnail]);
    return deleted;
  }

  /** A deleted listing's files (its rows went with it). */
  async deleteListingFiles(listingId: string): Promise<void> {
    await this.store.deletePrefix(listingImagesPrefix(listingId));
  }

  /** The stored file at a key, for the image route; null when there is none. */
  async read(key: string): Promise<StoredImage | null> {
    try {
      return await this.store.get(key);
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  private async storeFiles(keys: ListingImageKeys, [display, thumbnail]: Buffer[]): Promise<void> {
    try {
      await Promise.all([
        this.store.put(keys.display, display, 'image/webp'),
        this.store.put(keys.thumbnail, thumbnail, 'image/webp'),
      ]);
    } catch (err) {
      await this.forget([keys.display, keys.thumbnail]);
      throw this.unavailable(err);
    }
  }

  /** Best effort: a file left behind costs disk, never a broken listing. */
  private async forget(keys: string[]): Promise<void> {
    await this.store.delete(keys).catch((err: unknown) => this.logger.warn({ err, keys }, 'Image files not deleted'));
  }

  private unavailable(err: unknown): AppError {
    this.logger.error({ err }, 'The image store failed');
    return new AppError('service_unavailable', 'The image store is unavailable. Try again shortly.');
  }
}
