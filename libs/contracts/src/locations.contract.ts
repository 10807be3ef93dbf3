import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from '@app/validation';
import { rpc } from './rpc-descriptor';

/** The decision service's location messages and payloads. */

/** The shortest accepted `city` / `district` value, after trimming (spec 4.2 rule 2). */
export const LOCATION_QUERY_MIN_LENGTH = 2;
/** At most this many items in a search response (spec 4.2 rule 3). */
export const LOCATION_SEARCH_LIMIT = 20;

/**
 * A decision replica now answers location searches from this gazetteer version (emitted after
 * each load: at start and after an import). The gateway keeps the latest one to answer
 * `If-None-Match` on GET /v1/locations without asking the decision service.
 */
export const DECISION_GAZETTEER_LOADED = 'decision.gazetteer.loaded.v1';

export interface GazetteerLoadedPayload {
  /** `decision.reference_versions` gazetteer_version: bumped by every import. */
  version: number;
}

/** GET /v1/locations query string, as the gateway receives it (every value a string). */
export class LocationsQuery {
  /** At least 2 characters */
  @IsOptional()
  @IsString()
  city?: string;

  /** At least 2 characters */
  @IsOptional()
  @IsString()
  district?: string;

  /** `true` with `city`: the city with every district (any other value: 400 `invalid_param`) */
  @IsOptional()
  @IsString()
  districts?: string;
}

/** The search request the gateway sends to the decision service. */
export class LocationsSearchRequest {
  @IsOptional()
  @IsString()
  city?: string;

  @IsOptional()
  @IsString()
  district?: string;

  @IsOptional()
  @IsBoolean()
  districts?: boolean;
}

export interface LocationsQueryProblem {
  error: 'missing_params' | 'invalid_param';
  message: string;
  field?: 'city' | 'district' | 'districts';
}

/**
 * Spec 4.2 rules 1 and 2 (and the `districts` flag), checked the same way at both edges.
 * Returns the first problem, or the request to send with trimmed values.
 */
export function checkLocationsQuery(query: {
  city?: string;
  district?: string;
  districts?: string | boolean;
}): LocationsQueryProblem | LocationsSearchRequest {
  let districts: boolean | undefined;
  if (typeof query.districts === 'boolean') districts = query.districts;
  else if (query.districts !== undefined) {
    const flag = query.districts.trim().toLowerCase();
    if (flag !== 'true' && flag !== 'false')
      return { error: 'invalid_param', message: 'districts must be true or false.', field: 'districts' };
    districts = flag === 'true';
  }
  if (query.city === undefined && query.district === undefined)
    return { error: 'missing_params', message: 'Give at least one of city or district.' };
  for (const field of ['city', 'district'] as const) {
    const value = query[field];
    if (value !== undefined && value.trim().length < LOCATION_QUERY_MIN_LENGTH)
      return {
        error: 'invalid_param',
        message: `${field} must be at least ${LOCATION_QUERY_MIN_LENGTH} characters.`,
        field,
      };
  }
  return {
    ...(query.city !== undefined ? { city: query.city.trim() } : {}),
    ...(query.district !== undefined ? { district: query.district.trim() } : {}),
    ...(districts !== undefined ? { districts } : {}),
  };
}

export function isLocationsQueryProblem(
  value: LocationsQueryProblem | LocationsSearchRequest,
): value is LocationsQueryProblem {
  return 'error' in value;
}

export class CityItem {
  /** Always `city`. */
  @IsIn(['city'])
  object: 'city';

  /** The city's id (GET /v1/locations?city=…, or a decision's `city_id`). */
  @IsInt()
  id: number;

  /**
   * Its name in Arabic.
   * @example "الرياض"
   */
  name_ar: string;

  /**
   * Its name in English.
   * @example "Riyadh"
   */
  name_en: string;

  /** How many districts it has. */
  @IsInt()
  district_count: number;
}

export class DistrictItem {
  /** Always `district`. */
  @IsIn(['district'])
  object: 'district';

  /** The district's id (a decision's or a listing's `district_id`). */
  @IsInt()
  id: number;

  /**
   * Its name in Arabic.
   * @example "العليا"
   */
  name_ar: string;

  /**
   * Its name in English.
   * @example "Al Olaya"
   */
  name_en: string;

  /** Its city's id. */
  @IsInt()
  city_id: number;

  /**
   * Its city's name in Arabic.
   * @example "الرياض"
   */
  city_name_ar: string;

  /**
   * Its city's name in English.
   * @example "Riyadh"
   */
  city_name_en: string;
}

/** One district of a city, as `districts=true` lists them. */
export class CityDistrict {
  /** The district's id. */
  @IsInt()
  id: number;

  /** Its name in Arabic. */
  name_ar: string;

  /** Its name in English. */
  name_en: string;
}

export class CityWithDistricts {
  /** Always `city`. */
  @IsIn(['city'])
  object: 'city';

  /** The city's id. */
  @IsInt()
  id: number;

  /** Its name in Arabic. */
  name_ar: string;

  /** Its name in English. */
  name_en: string;

  /** Every district, sorted by Arabic name */
  districts: CityDistrict[];
}

export class LocationsList {
  /** Always `list`. */
  @IsIn(['list'])
  object: 'list';

  /** Cities and districts, best match first: at most 20. */
  data: (CityItem | DistrictItem)[];

  /** Items returned */
  @IsInt()
  total: number;

  /** Only when a city was given and none matched: check the city name */
  message?: string;
}

export type LocationsSearchResponse = LocationsList | CityWithDistricts;

/** The decision service's location calls. */
export const LocationsRpc = {
  search: rpc<LocationsSearchRequest, LocationsSearchResponse>('rpc.decision.locations.search.v1'),
};
