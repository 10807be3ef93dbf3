import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CATALOGUE_PROPERTIES_GET_PATTERN,
  CATALOGUE_PROPERTIES_PRICE_INTEL_PATTERN,
  CATALOGUE_PROPERTIES_SEARCH_PATTERN,
  GetPropertyRequest,
  SearchPropertiesRequest,
} from '@app/contracts';
import type { PriceIntel, PropertiesPage, PropertyDetail } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { PropertiesService } from './properties.service';

@Controller()
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

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
}
