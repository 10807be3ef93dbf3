import { Injectable } from '@nestjs/common';
import { LocationsRpc, checkLocationsQuery, isLocationsQueryProblem } from '@app/contracts';
import type { LocationsQuery, LocationsSearchResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';

@Injectable()
export class LocationsApiService {
  constructor(private readonly rpc: RpcClient) {}

  /** Spec 4.2 rules 1-2 here, the search in the decision service (which checks again). */
  search(query: LocationsQuery): Promise<LocationsSearchResponse> {
    const checked = checkLocationsQuery(query);
    if (isLocationsQueryProblem(checked))
      throw new AppError(checked.error, checked.message, checked.field ? { field: checked.field } : {});
    return this.rpc.call(LocationsRpc.search, checked);
  }
}
