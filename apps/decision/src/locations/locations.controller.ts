import { Controller } from '@nestjs/common';
import { LocationsRpc, LocationsSearchRequest } from '@app/contracts';
import type { LocationsSearchResponse } from '@app/contracts';
import { MessageData, RpcHandler } from '@app/messaging';
import { LocationsService } from './locations.service';

@Controller()
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @RpcHandler(LocationsRpc.search)
  search(@MessageData() request: LocationsSearchRequest): LocationsSearchResponse {
    return this.locations.search(request);
  }
}
