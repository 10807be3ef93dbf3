import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ListingImagesRpc, listingImageKeys, listingImagesPrefix } from '@app/contracts';
import type { ListingImageDeletedResponse, ListingImageResponse, ListingResponse, Principal } from '@app/contracts';
import { InjectConfig } from '@app/config';
import { RpcClient } from '@app/messaging';
import type { AppConfig } from '@app/config';
import { gatewayConfig } from '../../config/gateway.env';
import { listingOwnerOf } from '../listing-owner';
import { ImageFiles } from '../../media/images/image-files';
import type { StoredImageRecord } from '../../media/images/image-files';
import { IMAGE_STORE } from '../../media/images/image-store';
import type { ImageStore, StoredImage } from '../../media/images/image-store';

/**
 * Listing images at the edge: the gateway reads the upload, makes the display size and the
 * thumbnail, stores both, and asks the catalogue to record them. Only ids and sizes cross the
 * transport; the bytes go from the HTTP request to the store.
 */
@Injectable()
export class ListingImagesService {
  private readonly files: ImageFiles;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(IMAGE_STORE) store: ImageStore,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {
    this.files = new ImageFiles(store, new Logger(ListingImagesService.name));
  }

  async upload(principal: Principal, listingId: string, request: FastifyRequest): Promise<ListingImageResponse> {
    const owner = listingOwnerOf(principal);
    // 404 / 409 before the body is read: nothing is decoded or stored for a listing that cannot take it.
    const slot = await this.rpc.call(ListingImagesRpc.check, { ...owner, listing_id: listingId });
    return this.files.upload(
      request,
      this.config.IMAGE_MAX_BYTES,
      (imageId) => listingImageKeys(slot.listing_id, imageId),
      (image) => this.rpc.call(ListingImagesRpc.add, { ...owner, listing_id: slot.listing_id, ...image }),
    );
  }

  /**
   * A picture stored as a listing image's files, exactly as an upload's are, without asking the
   * catalogue: the standalone demo seed records it with the listing it creates.
   */
  storeListingFile(listingId: string, input: Buffer): Promise<StoredImageRecord> {
    return this.files.storeImage(input, (imageId) => listingImageKeys(listingId, imageId));
  }

  reorder(principal: Principal, listingId: string, imageIds: string[]): Promise<ListingResponse> {
    return this.rpc.call(ListingImagesRpc.reorder, {
      ...listingOwnerOf(principal),
      listing_id: listingId,
      image_ids: imageIds,
    });
  }

  async delete(principal: Principal, listingId: string, imageId: string): Promise<ListingImageDeletedResponse> {
    const deleted = await this.rpc.call(ListingImagesRpc.delete, {
      ...listingOwnerOf(principal),
      listing_id: listingId,
      image_id: imageId,
    });
    // Found, so both ids are uuids; the stored keys use their canonical (lower-case) form.
    await this.files.forget(listingImageKeys(listingId.toLowerCase(), imageId.toLowerCase()));
    return deleted;
  }

  /** A deleted listing's files (its rows went with it). */
  deleteListingFiles(listingId: string): Promise<void> {
    return this.files.deletePrefix(listingImagesPrefix(listingId));
  }

  /** The stored file at a key, for the image route; null when there is none. */
  read(key: string): Promise<StoredImage | null> {
    return this.files.read(key);
  }
}
