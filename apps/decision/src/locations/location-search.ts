import { LOCATION_SEARCH_LIMIT, checkLocationsQuery, isLocationsQueryProblem } from '@app/contracts';
import type { LocationsSearchRequest, LocationsSearchResponse } from '@app/contracts';
import { AppError } from '@app/errors';
import type { LocationIndex } from './location-index';
import { toCityWithDistricts, toHitItem } from './location.dto';

export const NO_CITY_MESSAGE = 'No city matches that name. Please verify the city name (Arabic or English).';

/** Spec 4.2 over an index: pure, so the evaluation set runs it without a database. */
export function searchLocations(index: LocationIndex, request: LocationsSearchRequest): LocationsSearchResponse {
  const checked = checkLocationsQuery(request);
  if (isLocationsQueryProblem(checked))
    throw new AppError(checked.error, checked.message, checked.field ? { field: checked.field } : {});
  const { city, district, districts } = checked;

  if (city !== undefined) {
    const cities = index.searchCities(city, LOCATION_SEARCH_LIMIT);
    if (cities.length === 0) return { object: 'list', data: [], total: 0, message: NO_CITY_MESSAGE };
    if (districts === true) {
      const best = cities[0].city;
      return toCityWithDistricts(best, index.districtsOf(best.id));
    }
    if (district === undefined) return list(cities.map(toHitItem));
    // Districts of the cities that matched best (the same tier: "Jeddah" is also a village's name).
    const scope = new Set(cities.filter((hit) => hit.tier === cities[0].tier).map((hit) => hit.city.id));
    return list(index.searchDistricts(district, LOCATION_SEARCH_LIMIT, scope).map(toHitItem));
  }
  return list(index.searchDistricts(district ?? '', LOCATION_SEARCH_LIMIT).map(toHitItem));
}

function list(data: ReturnType<typeof toHitItem>[]): LocationsSearchResponse {
  return { object: 'list', data, total: data.length };
}
