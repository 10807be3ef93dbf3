import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ListingImageKeys } from '@app/contracts';
import { AppError } from '@app/errors';
import type { ImageStore, StoredImage } from './image-store';
import { imageVariants } from './image-variants';
import { readUploadedFile } from './uploaded-file';

/** What the owning service records for a stored image: only ids and sizes cross the transport. */
export interface StoredImageRecord {
  image_id: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * The image files of one owner kind (listings, projects) in the image store: an upload decoded,
 * turned upright, stripped of metadata and stored as WebP in a display size and a thumbnail,
 * then recorded by the owning service; the bytes go from the HTTP request to the store.
 */
export class ImageFiles {
  constructor(
    private readonly store: ImageStore,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {}

  /**
   * Stores the upload under `keysOf(imageId)` and records it with `record`. Refused by the owner
   * (it changed meanwhile): the files go. A timeout may still have been recorded, so those files
   * stay rather than risk an owner pointing at nothing.
   */
  async upload<T>(
    request: FastifyRequest,
    maxBytes: number,
    keysOf: (imageId: string) => ListingImageKeys,
    record: (image: StoredImageRecord) => Promise<T>,
  ): Promise<T> {
    const image = await this.storeImage(await readUploadedFile(request, maxBytes), keysOf);
    try {
      return await record(image);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await this.forget(keysOf(image.image_id));
      throw err;
    }
  }

  /** An image's files made and stored, as an upload's are; recording them is the caller's. */
  async storeImage(input: Buffer, keysOf: (imageId: string) => ListingImageKeys): Promise<StoredImageRecord> {
    const variants = await imageVariants(input);
    const imageId = randomUUID();
    await this.storeFiles(keysOf(imageId), [variants.display.data, variants.thumbnail.data]);
    return {
      image_id: imageId,
      width: variants.display.width,
      height: variants.display.height,
      bytes: variants.display.data.length,
    };
  }

  /**
   * Every `from` file again at its `to` key. On any failure it waits for every copy to settle
   * (so none lands after the caller's clean-up), then reports the store unavailable; removing
   * the copies made is the caller's (a unit's listing removes its whole folder).
   */
  async copyAll(files: { from: string; to: string }[]): Promise<void> {
    const results = await Promise.allSettled(files.map((file) => this.store.copy(file.from, file.to)));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw this.unavailable(failed.reason);
  }

  /** The stored file at a key, for the image route; null when there is none. */
  async read(key: string): Promise<StoredImage | null> {
    try {
      return await this.store.get(key);
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  /** A deleted owner's files (its image rows went with it). */
  async deletePrefix(prefix: string): Promise<void> {
    await this.store.deletePrefix(prefix);
  }

  /** Best effort: a file left behind costs disk, never a broken listing or project. */
  async forget(keys: ListingImageKeys): Promise<void> {
    const files = [keys.display, keys.thumbnail];
    await this.store
      .delete(files)
      .catch((err: unknown) => this.logger.warn({ err, keys: files }, 'Image files not deleted'));
  }

  private async storeFiles(keys: ListingImageKeys, [display, thumbnail]: Buffer[]): Promise<void> {
    try {
      await Promise.all([
        this.store.put(keys.display, display, 'image/webp'),
        this.store.put(keys.thumbnail, thumbnail, 'image/webp'),
      ]);
    } catch (err) {
      await this.forget(keys);
      throw this.unavailable(err);
    }
  }

  private unavailable(err: unknown): AppError {
    this.logger.error({ err }, 'The image store failed');
    return new AppError('service_unavailable', 'The image store is unavailable. Try again shortly.');
  }
}
