import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ProjectsRpc, listingImageKeys, listingImagesPrefix } from '@app/contracts';
import type { ListingResponse, UnitRefRequest } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { ImageFiles } from '../media/images/image-files';
import { IMAGE_STORE } from '../media/images/image-store';
import type { ImageStore } from '../media/images/image-store';

/**
 * A unit published as a listing that starts with its project's images. The files are copied
 * first, under a listing id chosen here; the catalogue then creates the listing under that id
 * with all of their records in one transaction. A refusal removes the copies; a failed copy
 * removes the others and creates nothing. The listing's images are its own from then on.
 */
@Injectable()
export class UnitListingService {
  private readonly logger = new Logger(UnitListingService.name);
  private readonly files: ImageFiles;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(IMAGE_STORE) store: ImageStore,
  ) {
    this.files = new ImageFiles(store, this.logger);
  }

  async publish(unit: UnitRefRequest): Promise<ListingResponse> {
    // 404 / 409 before anything is copied, and the project images to start with.
    const plan = await this.rpc.call(ProjectsRpc.checkPublishUnit, unit);
    if (plan.images.length === 0) return this.rpc.call(ProjectsRpc.publishUnit, unit);

    const listingId = randomUUID();
    const copies = plan.images.map((image) => ({ source: image, imageId: randomUUID() }));
    const files = copies.flatMap(({ source, imageId }) => {
      const keys = listingImageKeys(listingId, imageId);
      return [
        { from: source.display_key, to: keys.display },
        { from: source.thumb_key, to: keys.thumbnail },
      ];
    });
    await this.files.copyAll(files).catch(async (err: unknown) => {
      // Every copy has settled: the listing's folder goes with the ones made (local disk keeps empty folders).
      await this.removeCopies(listingId);
      throw err;
    });
    let listing: ListingResponse;
    try {
      listing = await this.rpc.call(ProjectsRpc.publishUnit, {
        ...unit,
        listing_id: listingId,
        image_copies: copies.map((copy) => ({ project_image_id: copy.source.id, image_id: copy.imageId })),
      });
    } catch (err) {
      // Refused (the unit changed meanwhile): nothing refers to the copies. A timeout may still
      // have created the listing, so its files stay rather than risk images pointing at nothing.
      if (err instanceof AppError && err.status < 500) await this.removeCopies(listingId);
      throw err;
    }
    await this.forgetUnrecorded(
      listing,
      copies.map((copy) => copy.imageId),
    );
    return listing;
  }

  private async removeCopies(listingId: string): Promise<void> {
    await this.files
      .deletePrefix(listingImagesPrefix(listingId))
      .catch((err: unknown) => this.logger.warn({ err, listing_id: listingId }, 'Copied image files not deleted'));
  }

  /** A project image deleted between the copy and the listing has a copy no listing names. */
  private async forgetUnrecorded(listing: ListingResponse, imageIds: string[]): Promise<void> {
    const recorded = new Set(listing.images.map((image) => image.id));
    const unrecorded = imageIds.filter((id) => !recorded.has(id));
    await Promise.all(unrecorded.map((id) => this.files.forget(listingImageKeys(listing.id, id))));
  }
}
