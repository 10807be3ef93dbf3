import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_LISTINGS_CREATE_PATTERN,
  CATALOGUE_LISTINGS_DELETE_PATTERN,
  CATALOGUE_LISTINGS_GET_PATTERN,
  CATALOGUE_LISTINGS_LIST_PATTERN,
  CATALOGUE_LISTINGS_SUBMIT_PATTERN,
  CATALOGUE_LISTINGS_UPDATE_PATTERN,
  CATALOGUE_MODERATION_APPROVE_PATTERN,
  CATALOGUE_MODERATION_QUEUE_PATTERN,
  CATALOGUE_MODERATION_REJECT_PATTERN,
} from '@app/contracts';
import type {
  ApproveListingRequest,
  CreateListingRequest,
  ListListingsRequest,
  ListingDeletedResponse,
  ListingRefRequest,
  ListingResponse,
  ListingsPageResponse,
  ModerationQueueRequest,
  RejectListingRequest,
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
