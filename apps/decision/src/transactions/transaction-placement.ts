import { TIER } from '../locations/location-index';
import type { LocationIndex } from '../locations/location-index';
import type { PlaceText } from './transaction.types';

/** Only exact names (after normalisation) and exact transliterations place a row: no guessing on prefixes or typos. */
const WORST_ACCEPTED_TIER = TIER.skeleton;

export interface Placement {
  cityId: number;
  /** null: the city is known but the district is not in the gazetteer; the row counts for the city only. */
  districtId: number | null;
}

/**
 * Places source rows on the gazetteer (Arabic or English names, or ids). Answers are cached
 * per name: a file repeats the same few hundred places over a million rows.
 */
export class TransactionPlacer {
  private readonly cities = new Map<string, number | undefined>();
  private readonly districts = new Map<string, number | null>();

  constructor(private readonly index: LocationIndex) {}

  /** undefined: the city is unknown (or an explicit district id is not in it). */
  place(text: PlaceText): Placement | undefined {
    const cityId = this.cityId(text);
    if (cityId === undefined) return undefined;
    if (text.districtId !== undefined) {
      const known = this.index.district(text.districtId)?.city_id === cityId;
      return known ? { cityId, districtId: text.districtId } : undefined;
    }
    return { cityId, districtId: text.district ? this.districtId(cityId, text.district) : null };
  }

  private cityId(text: PlaceText): number | undefined {
    if (text.cityId !== undefined) return this.index.city(text.cityId) ? text.cityId : undefined;
    if (!text.city) return undefined;
    if (!this.cities.has(text.city)) {
      const hit = this.index.searchCities(text.city, 1)[0];
      this.cities.set(text.city, hit && hit.tier <= WORST_ACCEPTED_TIER ? hit.city.id : undefined);
    }
    return this.cities.get(text.city);
  }

  private districtId(cityId: number, name: string): number | null {
    const cacheKey = `${cityId}\u001f${name}`;
    if (!this.districts.has(cacheKey)) {
      const hit = this.index.searchDistricts(name, 1, new Set([cityId]))[0];
      this.districts.set(cacheKey, hit && hit.tier <= WORST_ACCEPTED_TIER ? hit.district.id : null);
    }
    return this.districts.get(cacheKey) ?? null;
  }
}
