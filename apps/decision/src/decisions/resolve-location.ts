import type { DecisionLocation, DecisionLocationInput, DistrictItem } from '@app/contracts';
import { AppError } from '@app/errors';
import type { DistrictHit, IndexedCity, LocationIndex } from '../locations/location-index';
import { toDistrictItem } from '../locations/location.dto';

/** Suggestions offered with an unknown or ambiguous place. */
export const LOCATION_SUGGESTIONS = 5;

/**
 * Names the place of a decision (decisions.md): `district_id` alone; or `city_id` +
 * `district`; or `city` + `district`, matched as GET /v1/locations matches them. A name
 * resolves when exactly one place holds the best match tier; otherwise 422 with `field`
 * and up to five suggestions.
 */
export function resolveLocation(index: LocationIndex, input: DecisionLocationInput): DecisionLocation {
  if (input.district_id !== undefined) return byDistrictId(index, input.district_id);
  if (input.district === undefined)
    throw missing('location.district', 'location.district is required when location.district_id is not given.');
  const cities = citiesOf(index, input);
  const hits = index.searchDistricts(input.district, LOCATION_SUGGESTIONS + 1, new Set(cities.map((c) => c.id)));
  if (hits.length === 0)
    throw unresolved('location.district', `No district named "${input.district}" in ${cityNames(cities)}.`, []);
  const best = hits.filter((hit) => hit.tier === hits[0].tier);
  if (best.length > 1)
    throw unresolved(
      'location.district',
      `"${input.district}" matches more than one district; pick one by id.`,
      suggestions(hits),
    );
  return toDecisionLocation(best[0].district.id, best[0].city, best[0].district);
}

function byDistrictId(index: LocationIndex, id: number): DecisionLocation {
  const district = index.district(id);
  const city = district && index.city(district.city_id);
  if (!district || !city) throw unresolved('location.district_id', `There is no district with id ${id}.`);
  return toDecisionLocation(id, city, district);
}

/** The city the district is looked up in: by id, else the cities sharing the best name match. */
function citiesOf(index: LocationIndex, input: DecisionLocationInput): IndexedCity[] {
  if (input.city_id !== undefined) {
    const city = index.city(input.city_id);
    if (!city) throw unresolved('location.city_id', `There is no city with id ${input.city_id}.`);
    return [city];
  }
  if (input.city === undefined)
    throw missing(
      'location.city',
      'location.city is required when neither location.city_id nor location.district_id is given.',
    );
  const hits = index.searchCities(input.city, LOCATION_SUGGESTIONS);
  if (hits.length === 0) throw unresolved('location.city', `No city named "${input.city}".`, []);
  // "Jeddah" is also a village's name: the districts of every city of the best tier are searched.
  return hits.filter((hit) => hit.tier === hits[0].tier).map((hit) => hit.city);
}

/**
 * A place that does not resolve: `field`, the suggestions when a name was searched, and
 * `details.fields` as every other 422 validation_error carries it (validationErrorFrom).
 */
function unresolved(field: string, message: string, suggestions?: DistrictItem[]): AppError {
  return new AppError('validation_error', message, {
    field,
    ...(suggestions ? { suggestions } : {}),
    details: { fields: [{ field, expected: message }] },
  });
}

function missing(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    field,
    nestedCode: 'MISSING_REQUIRED_FIELDS',
    details: { missing: [field] },
  });
}

function suggestions(hits: DistrictHit[]): DistrictItem[] {
  return hits.slice(0, LOCATION_SUGGESTIONS).map((hit) => toDistrictItem(hit.district, hit.city));
}

function cityNames(cities: IndexedCity[]): string {
  return cities.map((city) => city.name_en).join(' / ');
}

function toDecisionLocation(
  districtId: number,
  city: IndexedCity,
  district: { name_en: string; name_ar: string },
): DecisionLocation {
  return {
    city_id: city.id,
    city_name_en: city.name_en,
    city_name_ar: city.name_ar,
    district_id: districtId,
    district_name_en: district.name_en,
    district_name_ar: district.name_ar,
  };
}
