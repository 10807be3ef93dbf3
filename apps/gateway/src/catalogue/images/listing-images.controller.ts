import { Body, Controller, Delete, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  ListingImageDeletedResponse,
  ListingImageResponse,
  ListingResponse,
  MAX_LISTING_IMAGES,
  ReorderListingImagesBody,
} from '@app/contracts';
import type { Principal } from '@app/contracts';
import { Authenticated, CurrentPrincipal } from '../../identity/access/access.decorators';
import { AcceptsMultipart } from '../../media/multipart-body';
import { IMAGE_UPLOAD_BODY } from '../../openapi/upload-bodies';
import { ListingImagesService } from './listing-images.service';
import { ApiRoute } from '../../openapi/api-route.decorator';

const NOT_FOUND = '`not_found`: no such listing among yours (or no such image of it)';
const PENDING = '`invalid_state` with `state`: a pending listing is frozen while it is reviewed';

@ApiTags('listings')
@ApiServiceUnavailableResponse({
  description: '`service_unavailable`: the catalogue or the image store did not answer',
})
@Controller('listings/:id/images')
export class ListingImagesController {
  constructor(private readonly images: ListingImagesService) {}

  @Post()
  @AcceptsMultipart(IMAGE_UPLOAD_BODY)
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Upload an image of a listing', {
    description:
      'multipart/form-data with the image in the field `file`: JPEG, PNG or WebP, judged by decoding it. ' +
      'It is turned upright, stripped of all metadata (EXIF, GPS) and stored as WebP in a display size ' +
      '(longest side at most 1600 px) and a 480×360 thumbnail, appended after the last image. ' +
      `A listing holds at most ${MAX_LISTING_IMAGES} images; a pending one takes none.`,
    201: ListingImageResponse,
    404: NOT_FOUND,
    409: `${PENDING}; \`conflict\`: the listing already holds ${MAX_LISTING_IMAGES}`,
    413: '`payload_too_large` with `field: "file"`: the file is over IMAGE_MAX_BYTES, or more than one part',
    422: '`validation_error` with `field`: `file` missing or not a JPEG, PNG or WebP image; another field',
  })
  upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() request: FastifyRequest) {
    return this.images.upload(principal, id, request);
  }

  @Patch()
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute("Reorder a listing's images", {
    description:
      '`image_ids` lists every image of the listing once, in the new order (the first is the cover); ' +
      'positions become 0, 1, 2… in that order. Answers the listing.',
    200: ListingResponse,
    404: NOT_FOUND,
    409: PENDING,
    422: '`validation_error` with `field: "image_ids"`: not exactly the listing\'s images',
  })
  reorder(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ReorderListingImagesBody) {
    return this.images.reorder(principal, id, body.image_ids);
  }

  @Delete(':image_id')
  @Authenticated(['user', 'api_key'], 'listings:manage', { sellers: true })
  @ApiRoute('Delete an image of a listing', {
    description: 'The images after it move up one position; its files are deleted.',
    200: ListingImageDeletedResponse,
    404: NOT_FOUND,
    409: `${PENDING}; or the last image of a published listing (it keeps one)`,
  })
  delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('image_id') imageId: string) {
    return this.images.delete(principal, id, imageId);
  }
}
