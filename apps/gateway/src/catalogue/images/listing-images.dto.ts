import { ApiProperty } from '@nestjs/swagger';
import { MAX_LISTING_IMAGES, ReorderListingImagesBody } from '@app/contracts';
import type { ListingImageDeletedResponse } from '@app/contracts';

/** The image routes' shapes for the OpenAPI document (validation from the contract classes). */
export class ReorderListingImagesDto extends ReorderListingImagesBody {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    maxItems: MAX_LISTING_IMAGES,
    uniqueItems: true,
    description: 'Every image id of the listing, once each, in the new order (first: the cover)',
  })
  declare image_ids: string[];
}

export class ListingImageDeletedDto implements ListingImageDeletedResponse {
  @ApiProperty({ enum: ['listing_image'] })
  object: 'listing_image';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

/** The multipart body of an upload. */
export const IMAGE_UPLOAD_BODY = {
  required: true,
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: 'One JPEG, PNG or WebP image (judged by its content, not its name or declared type)',
      },
    },
  },
} as const;
