import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CATALOGUE_PROPERTIES_GET_PATTERN,
  CATALOGUE_PROPERTIES_PRICE_INTEL_PATTERN,
  CATALOGUE_PROPERTIES_SEARCH_PATTERN,
  CATALOGUE_SAVED_ADD_PATTERN,
  CATALOGUE_SAVED_LIST_PATTERN,
  CATALOGUE_SAVED_REMOVE_PATTERN,
  GetPropertyRequest,
  ListSavedPropertiesRequest,
  SavedPropertyRequest,
  SearchPropertiesRequest,
} from '@app/contracts';
import type { PriceIntel, PropertiesPage, PropertyDetail, SavedPropertiesPage, SavedProperty } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { PropertiesService } from './properties.service';
import { SavedPropertiesService } from './saved-properties.service';

@Controller()
export class PropertiesController {
  constructor(
    private readonly properties: PropertiesService,
    private readonly saved: SavedPropertiesService,
  ) {}

  @MessagePattern(CATALOGUE_PROPERTIES_SEARCH_PATTERN)
  search(@MessageData() request: SearchPropertiesRequest): Promise<PropertiesPage> {
    return this.properties.search(request);
  }

  @MessagePattern(CATALOGUE_PROPERTIES_GET_PATTERN)
  get(@MessageData() request: GetPropertyRequest): Promise<PropertyDetail> {
    return this.properties.get(request);
  }

  @MessagePattern(CATALOGUE_PROPERTIES_PRICE_INTEL_PATTERN)
  priceIntel(@MessageData() request: GetPropertyRequest): Promise<PriceIntel> {
    return this.properties.priceIntel(request);
  }

  @MessagePattern(CATALOGUE_SAVED_ADD_PATTERN)
  save(@MessageData() request: SavedPropertyRequest): Promise<SavedProperty> {
    return this.saved.save(request);
  }

  @MessagePattern(CATALOGUE_SAVED_REMOVE_PATTERN)
  unsave(@MessageData() request: SavedPropertyRequest): Promise<{ removed: true }> {
    return this.saved.remove(request);
  }

  @MessagePattern(CATALOGUE_SAVED_LIST_PATTERN)
  listSaved(@MessageData() request: ListSavedPropertiesRequest): Promise<SavedPropertiesPage> {
    return this.saved.list(request);
  }
}
