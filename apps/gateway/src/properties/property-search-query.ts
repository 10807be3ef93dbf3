import {
  LISTING_TYPES,
  LOCATION_QUERY_MIN_LENGTH,
  MAX_AREA_SQM,
  MAX_PAGE_OFFSET,
  MAX_PRICE_SAR,
  PROPERTY_PAGE_DEFAULT,
  PROPERTY_PAGE_MAX,
  PROPERTY_SORTS,
} from '@app/contracts';
import type { ListingType, PropertySort, SearchPropertiesRequest } from '@app/contracts';
import { AppError } from '@app/errors';

/** GET /v1/properties as the caller wrote it, place names not yet resolved. */
export type PropertySearchQuery = Omit<SearchPropertiesRequest, 'city_ids' | 'district_ids'> & {
  city?: string;
  district?: string;
};

const KNOWN = new Set([
  'q',
  'city',
  'district',
  'type',
  'min_price_sar',
  'max_price_sar',
  'min_bedrooms',
  'max_bedrooms',
  'min_area_sqm',
  'max_area_sqm',
  'sort',
  'limit',
  'offset',
]);

/**
 * The query string of the public search (spec 4.3, decisions.md "Search"), checked: a bad
 * value or an unknown parameter is 400 `invalid_param` naming it, never a silent default.
 */
export function parsePropertySearchQuery(raw: Record<string, unknown>): PropertySearchQuery {
  for (const name of Object.keys(raw))
    if (!KNOWN.has(name)) throw invalid(name, `${name} is not a filter of this search.`);
  const text = (name: string, min: number, max: number): string | undefined => {
    const value = raw[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(name, `${name} must be given once.`);
    const trimmed = value.trim();
    if (trimmed.length < min || trimmed.length > max)
      throw invalid(name, `${name} must be ${min} to ${max} characters.`);
    return trimmed;
  };
  const number = (name: string, max: number, integer = false): number | undefined => {
    const value = text(name, 1, 30);
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || (integer && !Number.isInteger(parsed)) || parsed > max)
      throw invalid(name, `${name} must be ${integer ? 'a whole number' : 'a number'} from 0 to ${max}.`);
    return parsed;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = text(name, 1, 30);
    if (value !== undefined && !(allowed as readonly string[]).includes(value))
      throw invalid(name, `${name} must be one of: ${allowed.join(', ')}.`);
    return value as T | undefined;
  };
  const query: PropertySearchQuery = {
    q: text('q', 1, 200),
    city: text('city', LOCATION_QUERY_MIN_LENGTH, 100),
    district: text('district', LOCATION_QUERY_MIN_LENGTH, 100),
    type: oneOf<ListingType>('type', LISTING_TYPES),
    min_price_sar: number('min_price_sar', MAX_PRICE_SAR),
    max_price_sar: number('max_price_sar', MAX_PRICE_SAR),
    min_bedrooms: number('min_bedrooms', 50, true),
    max_bedrooms: number('max_bedrooms', 50, true),
    min_area_sqm: number('min_area_sqm', MAX_AREA_SQM),
    max_area_sqm: number('max_area_sqm', MAX_AREA_SQM),
    sort: oneOf<PropertySort>('sort', PROPERTY_SORTS) ?? 'newest',
    limit: number('limit', PROPERTY_PAGE_MAX, true) ?? PROPERTY_PAGE_DEFAULT,
    offset: number('offset', MAX_PAGE_OFFSET, true) ?? 0,
  };
  if (query.limit < 1) throw invalid('limit', `limit must be a whole number from 1 to ${PROPERTY_PAGE_MAX}.`);
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as PropertySearchQuery;
}

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_param', message, { field });
}
