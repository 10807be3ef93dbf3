import { Injectable } from '@nestjs/common';
import { ListingImagesRpc, ListingsRpc, ModerationRpc } from '@app/contracts';
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
    return this.rpc.call(ListingsRpc.create, request);
  }

  importListings(request: ImportListingsRequest): Promise<ImportListingsResponse> {
    return this.rpc.call(ListingsRpc.importBatch, request);
  }

  listListings(request: ListListingsRequest): Promise<ListingsPageResponse> {
    return this.rpc.call(ListingsRpc.list, request);
  }

  getListing(request: ListingRefRequest): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.get, request);
  }

  updateListing(request: UpdateListingRequest): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.update, request);
  }

  deleteListing(request: ListingRefRequest): Promise<ListingDeletedResponse> {
    return this.rpc.call(ListingsRpc.delete, request);
  }

  submitListing(request: ListingRefRequest): Promise<ListingResponse> {
    return this.rpc.call(ListingsRpc.submit, request);
  }

  checkListingImage(request: ListingImagesRequest): Promise<ListingImageSlotResponse> {
    return this.rpc.call(ListingImagesRpc.check, request);
  }

  addListingImage(request: AddListingImageRequest): Promise<ListingImageResponse> {
    return this.rpc.call(ListingImagesRpc.add, request);
  }

  reorderListingImages(request: ReorderListingImagesRequest): Promise<ListingResponse> {
    return this.rpc.call(ListingImagesRpc.reorder, request);
  }

  deleteListingImage(request: ListingImageRefRequest): Promise<ListingImageDeletedResponse> {
    return this.rpc.call(ListingImagesRpc.delete, request);
  }

  moderationQueue(request: ModerationQueueRequest): Promise<ListingsPageResponse> {
    return this.rpc.call(ModerationRpc.queue, request);
  }

  approveListing(request: ApproveListingRequest): Promise<ListingResponse> {
    return this.rpc.call(ModerationRpc.approve, request);
  }

  rejectListing(request: RejectListingRequest): Promise<ListingResponse> {
    return this.rpc.call(ModerationRpc.reject, request);
  }
}
