import { Injectable } from '@nestjs/common';
import { checkLocationsQuery, isLocationsQueryProblem } from '@app/contracts';
import type { LocationsQuery, LocationsSearchResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import { LocationsClient } from './locations.client';

@Injectable()
export class LocationsApiService {
  constructor(private readonly client: LocationsClient) {}

  /** Spec 4.2 rules 1-2 here, the search in the decision service (which checks again). */
  search(query: LocationsQuery): Promise<LocationsSearchResponse> {
    const checked = checkLocationsQuery(query);
    if (isLocationsQueryProblem(checked))
      throw new AppError(checked.error, checked.message, checked.field ? { field: checked.field } : {});
    return this.client.search(checked);
  }
}
