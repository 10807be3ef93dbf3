import { UNSAVED_SEARCH_FIELDS } from '@app/contracts';
import type { ListingType, SavedSearchPlaces, SearchPropertiesQuery } from '@app/contracts';
import { likePattern, searchWords } from '../properties/search-text';

/** A saved search's filters as the columns the matching statement reads (null: no bound). */
export interface SavedSearchColumns {
  city_id: number | null;
  district_ids: number[] | null;
  property_type: ListingType | null;
  min_price_sar: number | null;
  max_price_sar: number | null;
  min_bedrooms: number | null;
  max_bedrooms: number | null;
  min_area_sqm: number | null;
  max_area_sqm: number | null;
  /** `q`'s words, normalised as the search normalises them, as LIKE patterns: every one must match. */
  text_patterns: string[] | null;
  reduced: boolean;
}

/** The filters as saved and shown back: what was given, without the order and page (an alert has neither). */
export function savedQueryOf(query: SearchPropertiesQuery): Partial<SearchPropertiesQuery> {
  const unsaved: readonly string[] = UNSAVED_SEARCH_FIELDS;
  return Object.fromEntries(
    Object.entries(query).filter(([field, value]) => value !== undefined && !unsaved.includes(field)),
  );
}

/**
 * The columns of a query whose place words the gateway resolved to ids (`places`), matching
 * exactly what GET /v1/properties would find: the place by id, every bound inclusive on the
 * listing's SAR price, rooms and area, `q` as the same normalised words over the listing's
 * stored search text, `reduced` against the price 30 days before.
 */
export function savedSearchColumns(query: SearchPropertiesQuery, places: SavedSearchPlaces): SavedSearchColumns {
  const words = query.q ? searchWords(query.q) : [];
  const districts = places.district_ids?.length ? [...new Set(places.district_ids)].sort((a, b) => a - b) : null;
  return {
    city_id: query.city === undefined ? null : (places.city_id ?? null),
    district_ids: query.district === undefined ? null : districts,
    property_type: query.type ?? null,
    min_price_sar: query.min_price_sar ?? null,
    max_price_sar: query.max_price_sar ?? null,
    min_bedrooms: query.min_bedrooms ?? null,
    max_bedrooms: query.max_bedrooms ?? null,
    min_area_sqm: query.min_area_sqm ?? null,
    max_area_sqm: query.max_area_sqm ?? null,
    text_patterns: words.length > 0 ? words.map(likePattern) : null,
    reduced: query.reduced === true,
  };
}

/** The place word that named no place (the caller answers 422 naming it), or null when each one did. */
export function unresolvedPlace(query: SearchPropertiesQuery, places: SavedSearchPlaces): 'city' | 'district' | null {
  if (query.city !== undefined && places.city_id === undefined) return 'city';
  if (query.district !== undefined && !places.district_ids?.length) return 'district';
  return null;
}
