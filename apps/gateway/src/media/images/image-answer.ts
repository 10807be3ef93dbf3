import { AppError } from '@app/errors';
import { ifNoneMatchHits } from '../../http/conditional-requests/entity-tag';
import { IMMUTABLE_CACHE_CONTROL } from './image-store';
import type { StoredImage } from './image-store';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LISTING_ID = new RegExp(`^${UUID}$`);
const IMAGE_FILE = new RegExp(`^${UUID}(-thumb)?\\.webp$`);

export interface ImageAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** The storage key an image URL names; anything not shaped like one of ours is simply not found. */
export function listingImageKeyOf(listingId: string, file: string): string {
  if (!LISTING_ID.test(listingId) || !IMAGE_FILE.test(file)) throw noSuchImage();
  return `listings/${listingId}/${file}`;
}

/** 200 with the bytes, or 304 when the client's copy is current; both cacheable for good. */
export function imageAnswer(image: StoredImage | null, ifNoneMatch: string | undefined): ImageAnswer {
  if (!image) throw noSuchImage();
  const cacheHeaders = { 'cache-control': IMMUTABLE_CACHE_CONTROL, etag: image.etag };
  if (ifNoneMatchHits(ifNoneMatch, image.etag)) {
    return { status: 304, headers: cacheHeaders, body: undefined };
  }
  return {
    status: 200,
    headers: { ...cacheHeaders, 'content-type': image.contentType, 'content-length': String(image.body.length) },
    body: image.body,
  };
}

function noSuchImage(): AppError {
  return new AppError('not_found', 'No such image.');
}
