import { Controller } from '@nestjs/common';
import {
  AddListingImageRequest,
  ListingImageRefRequest,
  ListingImagesRequest,
  ReorderListingImagesRequest,
  ListingImagesRpc,
} from '@app/contracts';
import type {
  ListingImageDeletedResponse,
  ListingImageResponse,
  ListingImageSlotResponse,
  ListingResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { ListingImagesService } from './listing-images.service';

/** The listing image message handlers: adapters onto ListingImagesService. */
@Controller()
export class ListingImagesController {
  constructor(private readonly images: ListingImagesService) {}

  @RpcHandler(ListingImagesRpc.check)
  check(@MessageData() request: ListingImagesRequest): Promise<ListingImageSlotResponse> {
    return this.images.check(request);
  }

  @RpcHandler(ListingImagesRpc.add)
  add(@MessageData() request: AddListingImageRequest): Promise<ListingImageResponse> {
    return this.images.add(request);
  }

  @RpcHandler(ListingImagesRpc.reorder)
  reorder(@MessageData() request: ReorderListingImagesRequest): Promise<ListingResponse> {
    return this.images.reorder(request);
  }

  @RpcHandler(ListingImagesRpc.delete)
  delete(@MessageData() request: ListingImageRefRequest): Promise<ListingImageDeletedResponse> {
    return this.images.delete(request);
  }
}
