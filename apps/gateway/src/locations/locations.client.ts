import { Injectable } from '@nestjs/common';
import { LOCATIONS_SEARCH_PATTERN } from '@app/contracts';
import type { LocationsSearchRequest, LocationsSearchResponse } from '@app/contracts';
import { RpcClient } from '@app/messaging';

/** The decision service's location calls, typed. */
@Injectable()
export class LocationsClient {
  constructor(private readonly rpc: RpcClient) {}

  search(request: LocationsSearchRequest): Promise<LocationsSearchResponse> {
    return this.rpc.send<LocationsSearchResponse, LocationsSearchRequest>(LOCATIONS_SEARCH_PATTERN, request);
  }
}
