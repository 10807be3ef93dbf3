import { Injectable } from '@nestjs/common';
import { PropertiesRpc } from '@app/contracts';
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
    return this.rpc.call(PropertiesRpc.search, request);
  }

  get(request: GetPropertyRequest): Promise<PropertyDetail> {
    return this.rpc.call(PropertiesRpc.get, request);
  }

  priceIntel(request: GetPropertyRequest): Promise<PriceIntel> {
    return this.rpc.call(PropertiesRpc.priceIntel, request);
  }

  save(request: SavedPropertyRequest): Promise<SavedProperty> {
    return this.rpc.call(PropertiesRpc.save, request);
  }

  unsave(request: SavedPropertyRequest): Promise<{ removed: true }> {
    return this.rpc.call(PropertiesRpc.unsave, request);
  }

  listSaved(request: ListSavedPropertiesRequest): Promise<SavedPropertiesPage> {
    return this.rpc.call(PropertiesRpc.listSaved, request);
  }
}
