import { editDistance, normalizeName, skeletonKey, typoBudget, wordKeys } from './location-text';

/** What the index is built from: plain rows, whatever their source (database, JSON files, seed). */
export interface GazetteerCity {
  id: number;
  name_ar: string;
  name_en: string;
}

export interface GazetteerDistrict {
  id: number;
  city_id: number;
  name_ar: string;
  name_en: string;
}

export interface GazetteerAlias {
  place: 'city' | 'district';
  place_id: number;
  alias: string;
}

export interface GazetteerData {
  cities: GazetteerCity[];
  districts: GazetteerDistrict[];
  aliases: GazetteerAlias[];
}

export interface IndexedCity extends GazetteerCity {
  district_count: number;
}

export interface CityHit {
  kind: 'city';
  city: IndexedCity;
  tier: number;
}

export interface DistrictHit {
  kind: 'district';
  district: GazetteerDistrict;
  city: IndexedCity;
  tier: number;
}

/**
 * Match tiers, best first: exact key, exact transliteration key, prefix, word prefix,
 * transliteration prefix, typo (edit distance within budget), typo on the transliteration key.
 */
export const TIER = { exact: 0, skeleton: 1, prefix: 2, wordPrefix: 3, skeletonPrefix: 4, fuzzy: 5, fuzzySkeleton: 6 };

interface NameKeys {
  key: string;
  skeleton: string;
  words: string[];
}

interface Entry<T> {
  place: T;
  names: NameKeys[];
  /** Tie-break: more districts first (the district's city's count for districts). */
  weight: number;
  label: string;
}

function keysOf(name: string): NameKeys | undefined {
  const key = normalizeName(name);
  if (!key) return undefined;
  return { key, skeleton: skeletonKey(key), words: wordKeys(name).slice(1) };
}

/** The best tier any of the names reaches, or undefined. */
function matchTier(names: NameKeys[], query: string, querySkeleton: string): number | undefined {
  let best: number | undefined;
  const better = (tier: number) => {
    if (best === undefined || tier < best) best = tier;
  };
  for (const name of names) {
    if (name.key === query) return TIER.exact;
    if (querySkeleton.length >= 2 && name.skeleton === querySkeleton) better(TIER.skeleton);
    else if (name.key.startsWith(query)) better(TIER.prefix);
    else if (query.length >= 3 && name.words.some((word) => word.startsWith(query))) better(TIER.wordPrefix);
    else if (querySkeleton.length >= 3 && name.skeleton.startsWith(querySkeleton)) better(TIER.skeletonPrefix);
    else if (best === undefined || best > TIER.fuzzy) {
      const budget = typoBudget(query);
      if (budget > 0 && editDistance(name.key, query, budget) <= budget) better(TIER.fuzzy);
      else if (querySkeleton.length >= 3 && editDistance(name.skeleton, querySkeleton, 1) <= 1)
        better(TIER.fuzzySkeleton);
    }
  }
  return best;
}

/** The in-memory gazetteer: built once per version, answers in microseconds. */
export class LocationIndex {
  private readonly cities: Entry<IndexedCity>[];
  private readonly districts: Entry<GazetteerDistrict>[];
  private readonly cityById = new Map<number, IndexedCity>();
  private readonly districtsByCity = new Map<number, GazetteerDistrict[]>();
  private readonly districtById = new Map<number, GazetteerDistrict>();

  constructor(data: GazetteerData) {
    for (const district of data.districts) {
      this.districtById.set(district.id, district);
      const list = this.districtsByCity.get(district.city_id) ?? [];
      list.push(district);
      this.districtsByCity.set(district.city_id, list);
    }
    const aliases = new Map<string, string[]>();
    for (const alias of data.aliases) {
      const mapKey = `${alias.place}:${alias.place_id}`;
      aliases.set(mapKey, [...(aliases.get(mapKey) ?? []), alias.alias]);
    }
    const names = (place: string, id: number, own: string[]) =>
      [...own, ...(aliases.get(`${place}:${id}`) ?? [])].map(keysOf).filter((k): k is NameKeys => k !== undefined);

    this.cities = data.cities.map((city) => {
      const indexed: IndexedCity = { ...city, district_count: this.districtsByCity.get(city.id)?.length ?? 0 };
      this.cityById.set(city.id, indexed);
      return {
        place: indexed,
        names: names('city', city.id, [city.name_ar, city.name_en]),
        weight: indexed.district_count,
        label: city.name_en,
      };
    });
    this.districts = data.districts.map((district) => ({
      place: district,
      names: names('district', district.id, [district.name_ar, district.name_en]),
      weight: this.districtsByCity.get(district.city_id)?.length ?? 0,
      label: district.name_en,
    }));
  }

  get size(): { cities: number; districts: number } {
    return { cities: this.cities.length, districts: this.districts.length };
  }

  city(id: number): IndexedCity | undefined {
    return this.cityById.get(id);
  }

  district(id: number): GazetteerDistrict | undefined {
    return this.districtById.get(id);
  }

  districtsOf(cityId: number): GazetteerDistrict[] {
    return this.districtsByCity.get(cityId) ?? [];
  }

  searchCities(text: string, limit: number): CityHit[] {
    return rank(this.cities, text, limit, () => true).map(({ entry, tier }) => ({
      kind: 'city',
      city: entry.place,
      tier,
    }));
  }

  /** Districts, optionally only inside the given cities. */
  searchDistricts(text: string, limit: number, cityIds?: ReadonlySet<number>): DistrictHit[] {
    const inScope = cityIds ? (d: GazetteerDistrict) => cityIds.has(d.city_id) : () => true;
    return rank(this.districts, text, limit, inScope).map(({ entry, tier }) => ({
      kind: 'district',
      district: entry.place,
      city: this.cityById.get(entry.place.city_id) ?? {
        id: entry.place.city_id,
        name_ar: '',
        name_en: '',
        district_count: 0,
      },
      tier,
    }));
  }
}

function rank<T extends { id: number }>(
  entries: Entry<T>[],
  text: string,
  limit: number,
  inScope: (place: T) => boolean,
): { entry: Entry<T>; tier: number }[] {
  const query = normalizeName(text);
  if (!query) return [];
  const querySkeleton = skeletonKey(query);
  const hits: { entry: Entry<T>; tier: number; distance: number }[] = [];
  for (const entry of entries) {
    if (!inScope(entry.place)) continue;
    const tier = matchTier(entry.names, query, querySkeleton);
    if (tier !== undefined)
      hits.push({ entry, tier, distance: tier === TIER.exact ? 0 : closeness(entry.names, query) });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.entry.weight - a.entry.weight ||
      a.distance - b.distance ||
      a.entry.label.length - b.entry.label.length ||
      a.entry.place.id - b.entry.place.id,
  );
  return hits.slice(0, limit).map(({ entry, tier }) => ({ entry, tier }));
}

/** Within one tier and city size: the spelling closest to what was typed (Sahafa → Sahafah, not Shifa). */
function closeness(names: NameKeys[], query: string): number {
  return Math.min(...names.map((name) => editDistance(name.key.slice(0, query.length + 2), query, 4)));
}
