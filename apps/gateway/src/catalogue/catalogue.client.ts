import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_LISTING_IMAGES_ADD_PATTERN,
  CATALOGUE_LISTING_IMAGES_CHECK_PATTERN,
  CATALOGUE_LISTING_IMAGES_DELETE_PATTERN,
  CATALOGUE_LISTING_IMAGES_REORDER_PATTERN,
  CATALOGUE_LISTINGS_CREATE_PATTERN,
  CATALOGUE_LISTINGS_DELETE_PATTERN,
  CATALOGUE_LISTINGS_GET_PATTERN,
  CATALOGUE_LISTINGS_IMPORT_PATTERN,
  CATALOGUE_LISTINGS_LIST_PATTERN,
  CATALOGUE_LISTINGS_SUBMIT_PATTERN,
  CATALOGUE_LISTINGS_UPDATE_PATTERN,
  CATALOGUE_MODERATION_APPROVE_PATTERN,
  CATALOGUE_MODERATION_QUEUE_PATTERN,
  CATALOGUE_MODERATION_REJECT_PATTERN,
} from '@app/contracts';
import type {
  AddListingImageRequest,
  ApproveListingRequest,
  CreateListingRequest,
  ImportListingsRequest,
  ImportListingsResponse,
  ListListingsRequest,
  ListingDeletedResponse,
  ListingImageDeletedResponse,
  ListingImageRefRequest,
  ListingImageResponse,
  ListingImageSlotResponse,
  ListingImagesRequest,
  ListingRefRequest,
  ListingResponse,
  ListingsPageResponse,
  ModerationQueueRequest,
  RejectListingRequest,
  ReorderListingImagesRequest,
  UpdateListingRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The catalogue's listing and moderation calls, typed (deadline, request id, registry errors from RpcClient). */
@Injectable()
export class CatalogueClient {
  constructor(private readonly rpc: RpcClient) {}

  createListing(request: CreateListingRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_CREATE_PATTERN, request);
  }

  importListings(request: ImportListingsRequest): Promise<ImportListingsResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_IMPORT_PATTERN, request);
  }

  listListings(request: ListListingsRequest): Promise<ListingsPageResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_LIST_PATTERN, request);
  }

  getListing(request: ListingRefRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_GET_PATTERN, request);
  }

  updateListing(request: UpdateListingRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_UPDATE_PATTERN, request);
  }

  deleteListing(request: ListingRefRequest): Promise<ListingDeletedResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_DELETE_PATTERN, request);
  }

  submitListing(request: ListingRefRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_LISTINGS_SUBMIT_PATTERN, request);
  }

  checkListingImage(request: ListingImagesRequest): Promise<ListingImageSlotResponse> {
    return this.rpc.send(CATALOGUE_LISTING_IMAGES_CHECK_PATTERN, request);
  }

  addListingImage(request: AddListingImageRequest): Promise<ListingImageResponse> {
    return this.rpc.send(CATALOGUE_LISTING_IMAGES_ADD_PATTERN, request);
  }

  reorderListingImages(request: ReorderListingImagesRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_LISTING_IMAGES_REORDER_PATTERN, request);
  }

  deleteListingImage(request: ListingImageRefRequest): Promise<ListingImageDeletedResponse> {
    return this.rpc.send(CATALOGUE_LISTING_IMAGES_DELETE_PATTERN, request);
  }

  moderationQueue(request: ModerationQueueRequest): Promise<ListingsPageResponse> {
    return this.rpc.send(CATALOGUE_MODERATION_QUEUE_PATTERN, request);
  }

  approveListing(request: ApproveListingRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_MODERATION_APPROVE_PATTERN, request);
  }

  rejectListing(request: RejectListingRequest): Promise<ListingResponse> {
    return this.rpc.send(CATALOGUE_MODERATION_REJECT_PATTERN, request);
  }
}
