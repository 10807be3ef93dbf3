import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LOCATIONS_SEARCH_PATTERN, LocationsSearchRequest } from '@app/contracts';
import type { LocationsSearchResponse } from '@app/contracts';
import { MessageData } from '@app/messaging';
import { LocationsService } from './locations.service';

@Controller()
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @MessagePattern(LOCATIONS_SEARCH_PATTERN)
  search(@MessageData() request: LocationsSearchRequest): LocationsSearchResponse {
    return this.locations.search(request);
  }
}
