import { Controller } from '@nestjs/common';
import {
  CreateListingRequest,
  ImportListingsRequest,
  ListListingsRequest,
  ListingOwnerRequest,
  ListingRefRequest,
  UpdateListingRequest,
  ListingsRpc,
} from '@app/contracts';
import type {
  ImportListingsResponse,
  ListingDeletedResponse,
  ListingOwnerResponse,
  ListingResponse,
  ListingsPageResponse,
} from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { ListingImportService } from './listing-import.service';
import { ListingsService } from './listings.service';

/** The listing message handlers: adapters onto ListingsService. */
@Controller()
export class ListingsController {
  constructor(
    private readonly listings: ListingsService,
    private readonly imports: ListingImportService,
  ) {}

  @RpcHandler(ListingsRpc.create)
  create(@MessageData() request: CreateListingRequest): Promise<ListingResponse> {
    return this.listings.create(request);
  }

  @RpcHandler(ListingsRpc.list)
  list(@MessageData() request: ListListingsRequest): Promise<ListingsPageResponse> {
    return this.listings.list(request);
  }

  @RpcHandler(ListingsRpc.get)
  get(@MessageData() request: ListingRefRequest): Promise<ListingResponse> {
    return this.listings.get(request);
  }

  @RpcHandler(ListingsRpc.update)
  update(@MessageData() request: UpdateListingRequest): Promise<ListingResponse> {
    return this.listings.update(request);
  }

  @RpcHandler(ListingsRpc.delete)
  delete(@MessageData() request: ListingRefRequest): Promise<ListingDeletedResponse> {
    return this.listings.delete(request);
  }

  @RpcHandler(ListingsRpc.owner)
  owner(@MessageData() request: ListingOwnerRequest): Promise<ListingOwnerResponse> {
    return this.listings.owner(request);
  }

  @RpcHandler(ListingsRpc.submit)
  submit(@MessageData() request: ListingRefRequest): Promise<ListingResponse> {
    return this.listings.submit(request);
  }

  @RpcHandler(ListingsRpc.importBatch)
  importBatch(@MessageData() request: ImportListingsRequest): Promise<ImportListingsResponse> {
    return this.imports.importBatch(request);
  }
}
