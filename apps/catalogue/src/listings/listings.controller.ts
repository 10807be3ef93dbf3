import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CATALOGUE_LISTING_OWNER_PATTERN,
  CATALOGUE_LISTINGS_CREATE_PATTERN,
  CATALOGUE_LISTINGS_DELETE_PATTERN,
  CATALOGUE_LISTINGS_GET_PATTERN,
  CATALOGUE_LISTINGS_IMPORT_PATTERN,
  CATALOGUE_LISTINGS_LIST_PATTERN,
  CATALOGUE_LISTINGS_SUBMIT_PATTERN,
  CATALOGUE_LISTINGS_UPDATE_PATTERN,
  CreateListingRequest,
  ImportListingsRequest,
  ListListingsRequest,
  ListingOwnerRequest,
  ListingRefRequest,
  UpdateListingRequest,
} from '@app/contracts';
import type {
  ImportListingsResponse,
  ListingDeletedResponse,
  ListingOwnerResponse,
  ListingResponse,
  ListingsPageResponse,
} from '@app/contracts';
import { MessageData } from '@app/messaging';
import { ListingImportService } from './listing-import.service';
import { ListingsService } from './listings.service';

/** The listing message handlers: adapters onto ListingsService. */
@Controller()
export class ListingsController {
  constructor(
    private readonly listings: ListingsService,
    private readonly imports: ListingImportService,
  ) {}

  @MessagePattern(CATALOGUE_LISTINGS_CREATE_PATTERN)
  create(@MessageData() request: CreateListingRequest): Promise<ListingResponse> {
    return this.listings.create(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_LIST_PATTERN)
  list(@MessageData() request: ListListingsRequest): Promise<ListingsPageResponse> {
    return this.listings.list(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_GET_PATTERN)
  get(@MessageData() request: ListingRefRequest): Promise<ListingResponse> {
    return this.listings.get(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_UPDATE_PATTERN)
  update(@MessageData() request: UpdateListingRequest): Promise<ListingResponse> {
    return this.listings.update(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_DELETE_PATTERN)
  delete(@MessageData() request: ListingRefRequest): Promise<ListingDeletedResponse> {
    return this.listings.delete(request);
  }

  @MessagePattern(CATALOGUE_LISTING_OWNER_PATTERN)
  owner(@MessageData() request: ListingOwnerRequest): Promise<ListingOwnerResponse> {
    return this.listings.owner(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_SUBMIT_PATTERN)
  submit(@MessageData() request: ListingRefRequest): Promise<ListingResponse> {
    return this.listings.submit(request);
  }

  @MessagePattern(CATALOGUE_LISTINGS_IMPORT_PATTERN)
  importBatch(@MessageData() request: ImportListingsRequest): Promise<ImportListingsResponse> {
    return this.imports.importBatch(request);
  }
}
