import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsString, IsUUID, Length, Max, Min } from '@app/validation';
import { OwningSeller, OwningWorkspace } from './catalogue.contract';
import type { ListingOwner } from './catalogue.contract';
import { rpc } from './rpc-descriptor';
import type { ListingImageResponse, ListingResponse } from './catalogue.contract';

/** Images one listing may hold. */
export const MAX_LISTING_IMAGES = 20;

/** Display size: the longer side at most this many pixels (never enlarged). */
export const IMAGE_DISPLAY_MAX_SIDE = 1600;
/** Thumbnail: cropped to fill exactly this box. */
export const IMAGE_THUMBNAIL_WIDTH = 480;
export const IMAGE_THUMBNAIL_HEIGHT = 360;

export interface ListingImageKeys {
  display: string;
  thumbnail: string;
}

/**
 * Where an image's two files are stored. Keys are named by the listing and the image id, so
 * a key is never reused: its bytes never change (served as immutable), and a listing's files
 * share the prefix `listings/<listing id>/`.
 */
export function listingImageKeys(listingId: string, imageId: string): ListingImageKeys {
  return {
    display: `listings/${listingId}/${imageId}.webp`,
    thumbnail: `listings/${listingId}/${imageId}-thumb.webp`,
  };
}

export function listingImagesPrefix(listingId: string): string {
  return `listings/${listingId}/`;
}

/** One listing of the owner's whose images are changed; another owner's answers 404. */
export class ListingImagesRequest implements ListingOwner {
  @OwningWorkspace()
  workspace_id?: string;

  @OwningSeller()
  seller_id?: string;

  @IsString()
  @Length(1, 100)
  listing_id: string;
}

/** Records an image the gateway has stored at `listingImageKeys(listing_id, image_id)`. */
export class AddListingImageRequest extends ListingImagesRequest {
  @IsUUID()
  image_id: string;

  /** Of the display size. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  width: number;

  @IsInt()
  @Min(1)
  @Max(100_000)
  height: number;

  /** Stored size of the display file. */
  @IsInt()
  @Min(1)
  @Max(2_000_000_000)
  bytes: number;
}

/** PATCH /v1/listings/{id}/images body: every image of the listing, once each, in the new order. */
export class ReorderListingImagesBody {
  /** Every image id of the listing, once each, in the new order (first: the cover) */
  @IsArray()
  @ArrayMaxSize(MAX_LISTING_IMAGES)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  image_ids: string[];
}

export class ReorderListingImagesRequest extends ListingImagesRequest {
  @IsArray()
  @ArrayMaxSize(MAX_LISTING_IMAGES)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  image_ids: string[];
}

export class ListingImageRefRequest extends ListingImagesRequest {
  /** Any string: an id that is not one of the listing's images is simply not found. */
  @IsString()
  @Length(1, 100)
  image_id: string;
}

/** The listing accepts one more image now (it is rechecked when the image is recorded). */
export interface ListingImageSlotResponse {
  listing_id: string;
  image_count: number;
}

export class ListingImageDeletedResponse {
  /** Always `listing_image` */
  @IsIn(['listing_image'])
  object: 'listing_image';

  /** The deleted image's id */
  @IsUUID()
  id: string;

  /** Always true */
  @IsIn([true])
  deleted: true;
}

/**
 * Listing images between the gateway and the catalogue. The gateway takes the upload over
 * HTTP, makes the display size and thumbnail and stores them; only these small records cross
 * the transport (an image is never a message: NATS takes 1 MB at most by default).
 */
export const ListingImagesRpc = {
  check: rpc<ListingImagesRequest, ListingImageSlotResponse>('rpc.catalogue.listings.images.check.v1'),
  add: rpc<AddListingImageRequest, ListingImageResponse>('rpc.catalogue.listings.images.add.v1'),
  reorder: rpc<ReorderListingImagesRequest, ListingResponse>('rpc.catalogue.listings.images.reorder.v1'),
  delete: rpc<ListingImageRefRequest, ListingImageDeletedResponse>('rpc.catalogue.listings.images.delete.v1'),
};
