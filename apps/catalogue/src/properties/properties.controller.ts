import { Controller } from '@nestjs/common';
import {
  GetPropertyRequest,
  ListSavedPropertiesRequest,
  SavedPropertyRequest,
  SearchPropertiesRequest,
  PropertiesRpc,
} from '@app/contracts';
import type { PriceIntel, PropertiesPage, PropertyDetail, SavedPropertiesPage, SavedProperty } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { PropertiesService } from './properties.service';
import { SavedPropertiesService } from './saved-properties.service';

@Controller()
export class PropertiesController {
  constructor(
    private readonly properties: PropertiesService,
    private readonly saved: SavedPropertiesService,
  ) {}

  @RpcHandler(PropertiesRpc.search)
  search(@MessageData() request: SearchPropertiesRequest): Promise<PropertiesPage> {
    return this.properties.search(request);
  }

  @RpcHandler(PropertiesRpc.get)
  get(@MessageData() request: GetPropertyRequest): Promise<PropertyDetail> {
    return this.properties.get(request);
  }

  @RpcHandler(PropertiesRpc.priceIntel)
  priceIntel(@MessageData() request: GetPropertyRequest): Promise<PriceIntel> {
    return this.properties.priceIntel(request);
  }

  @RpcHandler(PropertiesRpc.save)
  save(@MessageData() request: SavedPropertyRequest): Promise<SavedProperty> {
    return this.saved.save(request);
  }

  @RpcHandler(PropertiesRpc.unsave)
  unsave(@MessageData() request: SavedPropertyRequest): Promise<{ removed: true }> {
    return this.saved.remove(request);
  }

  @RpcHandler(PropertiesRpc.listSaved)
  listSaved(@MessageData() request: ListSavedPropertiesRequest): Promise<SavedPropertiesPage> {
    return this.saved.list(request);
  }
}
