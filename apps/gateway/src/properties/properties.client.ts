import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_PROPERTIES_GET_PATTERN,
  CATALOGUE_PROPERTIES_PRICE_INTEL_PATTERN,
  CATALOGUE_PROPERTIES_SEARCH_PATTERN,
  CATALOGUE_SAVED_ADD_PATTERN,
  CATALOGUE_SAVED_LIST_PATTERN,
  CATALOGUE_SAVED_REMOVE_PATTERN,
} from '@app/contracts';
import type {
  GetPropertyRequest,
  ListSavedPropertiesRequest,
  SavedPropertiesPage,
  SavedProperty,
  SavedPropertyRequest,
  PriceIntel,
  PropertiesPage,
  PropertyDetail,
  SearchPropertiesRequest,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The catalogue's public search, typed. */
@Injectable()
export class PropertiesClient {
  constructor(private readonly rpc: RpcClient) {}

  search(request: SearchPropertiesRequest): Promise<PropertiesPage> {
    return this.rpc.send<PropertiesPage, SearchPropertiesRequest>(CATALOGUE_PROPERTIES_SEARCH_PATTERN, request);
  }

  get(request: GetPropertyRequest): Promise<PropertyDetail> {
    return this.rpc.send<PropertyDetail, GetPropertyRequest>(CATALOGUE_PROPERTIES_GET_PATTERN, request);
  }

  priceIntel(request: GetPropertyRequest): Promise<PriceIntel> {
    return this.rpc.send<PriceIntel, GetPropertyRequest>(CATALOGUE_PROPERTIES_PRICE_INTEL_PATTERN, request);
  }

  save(request: SavedPropertyRequest): Promise<SavedProperty> {
    return this.rpc.send<SavedProperty, SavedPropertyRequest>(CATALOGUE_SAVED_ADD_PATTERN, request);
  }

  unsave(request: SavedPropertyRequest): Promise<{ removed: true }> {
    return this.rpc.send<{ removed: true }, SavedPropertyRequest>(CATALOGUE_SAVED_REMOVE_PATTERN, request);
  }

  listSaved(request: ListSavedPropertiesRequest): Promise<SavedPropertiesPage> {
    return this.rpc.send<SavedPropertiesPage, ListSavedPropertiesRequest>(CATALOGUE_SAVED_LIST_PATTERN, request);
  }
}
