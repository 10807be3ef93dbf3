import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AddListingImageRequest,
  CATALOGUE_LISTING_IMAGES_ADD_PATTERN,
  CATALOGUE_LISTING_IMAGES_CHECK_PATTERN,
  CATALOGUE_LISTING_IMAGES_DELETE_PATTERN,
  CATALOGUE_LISTING_IMAGES_REORDER_PATTERN,
  ListingImageRefRequest,
  ListingImagesRequest,
  ReorderListingImagesRequest,
} from '@app/contracts';
import type {
  ListingImageDeletedResponse,
  ListingImageResponse,
  ListingImageSlotResponse,
  ListingResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { ListingImagesService } from './listing-images.service';

/** The listing image message handlers: adapters onto ListingImagesService. */
@Controller()
export class ListingImagesController {
  constructor(private readonly images: ListingImagesService) {}

  @MessagePattern(CATALOGUE_LISTING_IMAGES_CHECK_PATTERN)
  check(@MessageData() request: ListingImagesRequest): Promise<ListingImageSlotResponse> {
    return this.images.check(request);
  }

  @MessagePattern(CATALOGUE_LISTING_IMAGES_ADD_PATTERN)
  add(@MessageData() request: AddListingImageRequest): Promise<ListingImageResponse> {
    return this.images.add(request);
  }

  @MessagePattern(CATALOGUE_LISTING_IMAGES_REORDER_PATTERN)
  reorder(@MessageData() request: ReorderListingImagesRequest): Promise<ListingResponse> {
    return this.images.reorder(request);
  }

  @MessagePattern(CATALOGUE_LISTING_IMAGES_DELETE_PATTERN)
  delete(@MessageData() request: ListingImageRefRequest): Promise<ListingImageDeletedResponse> {
    return this.images.delete(request);
  }
}
