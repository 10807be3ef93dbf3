import type { CityItem, CityWithDistricts, DistrictItem } from '@app/contracts';
import type { CityHit, DistrictHit, GazetteerDistrict, IndexedCity } from './location-index';

/** Pure mappers from the index to the spec 2.3 shapes. */
export function toCityItem(city: IndexedCity): CityItem {
  return {
    object: 'city',
    id: city.id,
    name_ar: city.name_ar,
    name_en: city.name_en,
    district_count: city.district_count,
  };
}

export function toDistrictItem(district: GazetteerDistrict, city: IndexedCity): DistrictItem {
  return {
    object: 'district',
    id: district.id,
    name_ar: district.name_ar,
    name_en: district.name_en,
    city_id: city.id,
    city_name_ar: city.name_ar,
    city_name_en: city.name_en,
  };
}

export function toHitItem(hit: CityHit | DistrictHit): CityItem | DistrictItem {
  return hit.kind === 'city' ? toCityItem(hit.city) : toDistrictItem(hit.district, hit.city);
}

const ARABIC_ORDER = new Intl.Collator('ar');

/** The city with every district, sorted by Arabic name (Arabic collation), then id. */
export function toCityWithDistricts(city: IndexedCity, districts: GazetteerDistrict[]): CityWithDistricts {
  return {
    object: 'city',
    id: city.id,
    name_ar: city.name_ar,
    name_en: city.name_en,
    districts: [...districts]
      .sort((a, b) => ARABIC_ORDER.compare(a.name_ar, b.name_ar) || a.id - b.id)
      .map((d) => ({ id: d.id, name_ar: d.name_ar, name_en: d.name_en })),
  };
}
